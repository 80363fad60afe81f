// @vitest-environment jsdom
import './test-pointer';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SETTLE_MS } from '../../../lib/use-when-idle';
import { LazyComposer } from './lazy-composer';

afterEach(cleanup);

const messageBox = () => screen.getByRole('textbox', { name: 'Message' });

// Its own file: once the editor's module has loaded, later composers show the editor at once, without the gate.
describe('LazyComposer before the screen is shown', () => {
  it('keeps the stand-in while the screen loads, and loads the editor as soon as the person reaches for it', async () => {
    // The editor's modules are in memory, so only the gate can hold the stand-in.
    await import('./composer');
    await act(async () => {
      render(<LazyComposer notes={[]} onSend={() => {}} screenShown={false} />);
    });
    // Longer than the wait after the paint and for idle time (200 ms where the page has no requestIdleCallback, as here).
    await act(() => new Promise((resolve) => setTimeout(resolve, SETTLE_MS + 400)));
    expect(messageBox().tagName).toBe('TEXTAREA');
    await act(async () => messageBox().focus());
    await waitFor(() => expect(messageBox().getAttribute('contenteditable')).toBe('true'), { timeout: 10_000 });
  });
});
