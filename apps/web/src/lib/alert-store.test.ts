import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import { showAlert, useAlertStore } from './alert-store';

const message = () => useAlertStore.getState().alert?.message;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  useAlertStore.getState().dismissAlert();
  vi.useRealTimers();
});

describe('alert store', () => {
  it('shows a warning alert with the message', () => {
    showAlert('Could not save.');
    expect(useAlertStore.getState().alert).toMatchObject({ message: 'Could not save.', type: 'warning' });
  });

  it('hides the alert after exactly 7000 ms', () => {
    showAlert('Could not save.');
    vi.advanceTimersByTime(6999);
    expect(message()).toBe('Could not save.');
    vi.advanceTimersByTime(1);
    expect(useAlertStore.getState().alert).toBeNull();
  });

  it('replaces the old alert with a new one that gets its own full 7000 ms', () => {
    showAlert('first');
    vi.advanceTimersByTime(5000);
    showAlert('second');
    expect(message()).toBe('second');
    vi.advanceTimersByTime(2000); // the first alert's 7000 ms are over
    expect(message()).toBe('second');
    vi.advanceTimersByTime(4999);
    expect(message()).toBe('second');
    vi.advanceTimersByTime(1);
    expect(useAlertStore.getState().alert).toBeNull();
  });

  it('gives each alert a new id', () => {
    showAlert('same text');
    const first = useAlertStore.getState().alert!.id;
    showAlert('same text');
    expect(useAlertStore.getState().alert!.id).not.toBe(first);
  });

  it('dismissAlert hides the alert at once', () => {
    showAlert('Could not save.');
    useAlertStore.getState().dismissAlert();
    expect(useAlertStore.getState().alert).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});
