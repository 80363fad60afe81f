import type { Query } from '@tanstack/react-query';
import { queryClient } from '../../../../lib/query/query-client';

/**
 * Every cards read but the review queue: a queue in progress moves only when the learner grades, undoes or asks
 * again, never because something changed underneath it (the next card it asks for is read fresh anyway).
 */
const isCardsRead = ({ queryKey }: Pick<Query, 'queryKey'>) => queryKey[0] === 'cards' && queryKey[1] !== 'review';

/**
 * After any write to cards, decks, drafts or the review settings: the screen on show reads again (keeping what it
 * shows meanwhile), and what no screen shows is forgotten, so going back to it never shows the copy from before the
 * change (a deck's old due count, a card that was deleted). The header's due count is a cards read too.
 */
export function cardsChanged(): void {
  queryClient.removeQueries({ predicate: (query) => isCardsRead(query) && query.getObserversCount() === 0 });
  void queryClient.invalidateQueries({ predicate: isCardsRead });
}
