import { cardDeckEndpoints } from '@turtle/shared/endpoints/cards/decks';
import { api } from '../../../../lib/api-client';
import { browserTimeZone } from '../../../../lib/time-zone';

/** `GET /api/cards/decks?tz=`: the person's decks with today's counts, the card meter and the drafts waiting. */
export const listDecks = (signal?: AbortSignal) =>
  api.call(cardDeckEndpoints.decks, { query: { tz: browserTimeZone() }, signal });
