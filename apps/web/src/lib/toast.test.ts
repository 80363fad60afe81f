import { beforeEach, describe, it, expect } from 'vitest';
import { toast, useToastQueue } from './toast';

beforeEach(() => {
  useToastQueue.setState({ enabled: false, queue: [] });
});

describe('toast', () => {
  it('enables the host and queues a success toast by default', () => {
    toast('Saved.');
    const { enabled, queue } = useToastQueue.getState();
    expect(enabled).toBe(true);
    expect(queue.map(({ kind, message }) => ({ kind, message }))).toEqual([{ kind: 'success', message: 'Saved.' }]);
  });

  it('queues toasts in the order they were shown, with their kinds and an id each', () => {
    toast('one');
    toast('two', 'error');
    toast('one');
    const { queue } = useToastQueue.getState();
    expect(queue.map(({ kind, message }) => [kind, message])).toEqual([
      ['success', 'one'],
      ['error', 'two'],
      ['success', 'one'],
    ]);
    expect(new Set(queue.map((pending) => pending.id)).size).toBe(3);
  });
});
