import { create } from 'zustand';

export interface PendingToast {
  /** One per `toast()` call: a toast handed to the toast library twice still shows once. */
  id: string;
  kind: 'success' | 'error' | 'info';
  message: string;
}

interface ToastQueue {
  /** Becomes true with the first toast; only then is the toast library loaded. */
  enabled: boolean;
  queue: PendingToast[];
}

export const useToastQueue = create<ToastQueue>()(() => ({ enabled: false, queue: [] }));

/** Shows a toast. The toast library is loaded on first use, so pages that never toast never load it. */
let toastsMade = 0;

export function toast(message: string, kind: PendingToast['kind'] = 'success'): void {
  const id = `toast-${++toastsMade}`;
  useToastQueue.setState((state) => ({ enabled: true, queue: [...state.queue, { id, kind, message }] }));
}
