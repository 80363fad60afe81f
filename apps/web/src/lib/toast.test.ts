import { beforeEach, describe, it, expect } from 'vitest';
import { toast, useToastQueue } from './toast';

beforeEach(() => {
  useToastQueue.setState({ enabled: false, queue: [] });
});

describe('toast', () => {
  it('starts disabled with an empty queue', () => {
    expect(useToastQueue.getState()).toEqual({ enabled: false, queue: [] });
  });

  it('enables the host and queues a success toast by default', () => {
    toast('Saved.');
    expect(useToastQueue.getState()).toEqual({ enabled: true, queue: [{ kind: 'success', message: 'Saved.' }] });
  });

  it('queues toasts in the order they were shown, with their kinds', () => {
    toast('one');
    toast('two', 'error');
    toast('three', 'info');
    expect(useToastQueue.getState().queue).toEqual([
      { kind: 'success', message: 'one' },
      { kind: 'error', message: 'two' },
      { kind: 'info', message: 'three' },
    ]);
  });
});
