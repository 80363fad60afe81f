import { useEffect } from 'react';
import { Toaster, toast as sonnerToast } from 'sonner';
import { useToastQueue } from '../../lib/toast';

/** Loaded on the first toast: mounts sonner, then shows the queued toasts (its listener is set up by then). */
export default function ToastHost() {
  const queue = useToastQueue((state) => state.queue);
  useEffect(() => {
    if (queue.length === 0) return;
    for (const { id, kind, message } of queue) sonnerToast[kind](message, { id });
    useToastQueue.setState({ queue: [] });
  }, [queue]);
  return <Toaster position="top-center" richColors closeButton />;
}
