import type { DemoCheckoutSession } from '@turtle/shared/billing';
import { queryKeys } from '../../../lib/query/query-keys';
import { useServerQuery } from '../../../lib/query/use-server-query';
import { getDemoSession } from '../api/get-demo-session';
import { errorMessage } from '../../../lib/error-message';

export type DemoSessionState =
  { status: 'loading' } | { status: 'loaded'; session: DemoCheckoutSession } | { status: 'failed'; message: string };

/** The demo checkout session named in the address, as the server has it (only the caller's own is found). */
export function useDemoSession(id: string | null): DemoSessionState {
  const query = useServerQuery({
    queryKey: queryKeys.demoSession(id ?? ''),
    queryFn: ({ signal }) => getDemoSession(id!, signal),
    enabled: id !== null,
    // A checkout changes when it is paid: never show an earlier visit's copy.
    gcTime: 0,
  });
  if (!id) return { status: 'failed', message: 'This checkout link is incomplete.' };
  if (query.data) return { status: 'loaded', session: query.data };
  if (query.isError)
    return { status: 'failed', message: errorMessage(query.error, 'This checkout could not be loaded.') };
  return { status: 'loading' };
}
