import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api-client';
import { useTurtleStore } from '../turtle-store';

/** A failed read is tried again once, unless the server answered 4xx: asking again would get the same answer. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * Decision 025: every server read goes through TanStack Query with these defaults. Screens refresh when they mount
 * (as each screen asked on mount before), not when the window regains focus; a screen that needs it says so.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: shouldRetry, retryDelay: 500, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}

/**
 * What was read belongs to the person who read it: a sign-out, or a sign-in as someone else, forgets all of it (as
 * the store forgets the notes), so the next person never sees the last one's conversations, even for a moment.
 */
export function forgetOnUserChange(client: QueryClient): () => void {
  return useTurtleStore.subscribe((state, previous) => {
    if (state.user.id !== previous.user.id) client.clear();
  });
}

/**
 * The app's one client. It is a module, not a provider in `main.tsx`: the provider would put the library into the
 * entry chunk every page loads, past the landing page's budget (decision 004); the screens that read import it.
 */
export const queryClient = createQueryClient();
forgetOnUserChange(queryClient);
