import { useEffect } from 'react';
import { Toaster, toast as sonnerToast } from 'sonner';
import { useToastQueue } from '../../lib/toast';

/** Loaded on the first toast: mounts sonner, then shows the queued toasts (its listener is set up by then). */
export default function ToastHost() {
  const queue = useToastQueue((state) => state.queue);
  useEffect(() => {
    if (queue.length === 0) return;
    for (const { id, kind, message, action, duration } of queue) {
      sonnerToast[kind](message, { id, ...(action ? { action } : {}), ...(duration ? { duration } : {}) });
    }
    useToastQueue.setState({ queue: [] });
  }, [queue]);
  // Below the sticky header (64 px and its border), not over it: a toast on the header covered the phone's Menu
  // button, and hovering a toast pauses it, so a tap there could never reach the menu.
  return (
    <Toaster
      position="top-center"
      offset={{ top: BELOW_HEADER_PX }}
      mobileOffset={{ top: BELOW_HEADER_PX }}
      richColors
      closeButton
    />
  );
}

const BELOW_HEADER_PX = 73;
