import { QueryClient } from '@tanstack/react-query';
import type { Membership } from '@turtle/shared/membership';
import { ApiError } from '../api-client';
import { useTurtleStore } from '../turtle-store';
import { useUserStatus } from '../user-status-store';

/** A failed read is tried again once, unless the server answered 4xx: asking again would get the same answer. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * How long a read counts as the one a screen makes when it opens: a route that starts its screen's first reads with
 * its chunk (decisions 026, 027) sets it on those reads, so the screen mounting a moment later does not ask again.
 */
export const JUST_READ_MS = 3_000;

/**
 * Decision 025: every server read goes through TanStack Query with these defaults. Screens refresh when they mount
 * (as each screen asked on mount before) and when the network comes back, not when the window regains focus; a screen
 * that needs it says so. A read made offline fails at once with the network message and its Retry (`networkMode:
 * 'always'`), rather than waiting unseen for the network.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
        networkMode: 'always',
        retry: shouldRetry,
        retryDelay: 500,
        staleTime: 0,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * What was read belongs to the person who read it: a sign-out, or a sign-in as someone else, forgets all of it (as
 * the store forgets the notes), so the next person never sees the last one's conversations, even for a moment.
 * A change of plan (a checkout, a cancellation, a renewal) changes what some reads say (the card allowance, the daily
 * chat limit, analytics' sample data for Free): the reads no screen shows are forgotten, so the next screen waits for
 * the new plan's answer instead of showing the old one, and the ones on screen are read again.
 */
export function forgetOnUserChange(client: QueryClient): () => void {
  return useTurtleStore.subscribe((state, previous) => {
    // Until the start-up status call has answered, every read went out with the session cookie, so it belongs to
    // whoever the status names (the first screen's reads start beside that call, decision 026): nothing to forget.
    if (state.user.id !== previous.user.id) {
      if (useUserStatus.getState().known) client.clear();
    } else if (!sameMembership(state.user.membership, previous.user.membership)) {
      client.removeQueries({ type: 'inactive' });
      void client.invalidateQueries();
    }
  });
}

function sameMembership(a: Membership, b: Membership): boolean {
  return a.plan === b.plan && a.subscription === b.subscription && a.expireAt === b.expireAt;
}

/**
 * The app's one client. It is a module, not a provider in `main.tsx`: the provider would put the library into the
 * entry chunk every page loads, past the landing page's budget (decision 004); the screens that read import it.
 */
export const queryClient = createQueryClient();
forgetOnUserChange(queryClient);
// Mounted once for the page's life (there is no provider to do it): it listens for the network coming back.
queryClient.mount();
