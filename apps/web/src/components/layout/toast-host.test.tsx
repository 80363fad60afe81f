// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast, useToastQueue } from '../../lib/toast';
import ToastHost from './toast-host';

afterEach(() => useToastQueue.setState({ enabled: false, queue: [] }));

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

describe('ToastHost', () => {
  it('shows each queued toast, and one handed over twice only once', async () => {
    toast('Account created');
    toast('Saved');
    const [first] = useToastQueue.getState().queue;
    render(<ToastHost />);
    await screen.findByText('Saved');
    expect(useToastQueue.getState().queue).toEqual([]);
    // The same toast again, as when the queue is read a second time while the page is loading.
    act(() => useToastQueue.setState({ queue: [first!] }));
    await settle();
    expect(screen.getAllByText('Account created')).toHaveLength(1);
    expect(screen.getAllByText('Saved')).toHaveLength(1);
  });
});
