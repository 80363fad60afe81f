import { useEffect, useState } from 'react';
import type { DemoCheckoutSession } from '@turtle/shared/billing';
import { getDemoSession } from '../api/get-demo-session';
import { errorMessage } from '../lib/destination';

export type DemoSessionState =
  { status: 'loading' } | { status: 'loaded'; session: DemoCheckoutSession } | { status: 'failed'; message: string };

type Answer = { id: string } & ({ session: DemoCheckoutSession } | { message: string });

/** The demo checkout session named in the address, as the server has it (only the caller's own is found). */
export function useDemoSession(id: string | null): DemoSessionState {
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    getDemoSession(id, controller.signal)
      .then((session) => setAnswer({ id, session }))
      .catch((error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        setAnswer({ id, message: errorMessage(error, 'This checkout could not be loaded.') });
      });
    return () => controller.abort();
  }, [id]);

  if (!id) return { status: 'failed', message: 'This checkout link is incomplete.' };
  if (answer?.id !== id) return { status: 'loading' };
  return 'session' in answer
    ? { status: 'loaded', session: answer.session }
    : { status: 'failed', message: answer.message };
}
