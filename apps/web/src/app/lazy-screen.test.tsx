// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';

afterEach(cleanup);

const Hello = () => <p>Hello screen</p>;

function renderInBoundary(element: React.ReactNode) {
  return render(<Suspense fallback={<p>Skeleton</p>}>{element}</Suspense>);
}

describe('lazyScreen', () => {
  it('renders a screen whose chunk was preloaded at once, never its skeleton, and runs its prefetch', async () => {
    const prefetch = vi.fn();
    const route = lazyScreen(
      {},
      async () => ({ Hello }),
      (m) => m.Hello,
      prefetch,
    );
    await route.handle.preload!({ id: '7' });
    expect(prefetch).toHaveBeenCalledWith({ Hello }, { id: '7' });
    renderInBoundary(route.element);
    expect(screen.getByText('Hello screen')).toBeTruthy();
    expect(screen.queryByText('Skeleton')).toBeNull();
  });

  it('shows the skeleton while a chunk that was not preloaded arrives', async () => {
    let arrive!: (module: { Hello: typeof Hello }) => void;
    const route = lazyScreen(
      {},
      () => new Promise<{ Hello: typeof Hello }>((resolve) => (arrive = resolve)),
      (m) => m.Hello,
    );
    renderInBoundary(route.element);
    expect(screen.getByText('Skeleton')).toBeTruthy();
    await act(async () => arrive({ Hello }));
    expect(await screen.findByText('Hello screen')).toBeTruthy();
  });
});
