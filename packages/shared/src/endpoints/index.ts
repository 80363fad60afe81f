import { accountEndpoints } from './account';
import { adminEndpoints } from './admin';
import { billingEndpoints } from './billing';
import { cardAnalyticsEndpoints } from './cards/analytics';
import { cardDeckEndpoints } from './cards/decks';
import { cardDraftEndpoints } from './cards/drafts';
import { cardReviewEndpoints } from './cards/review';
import { cardTransferEndpoints } from './cards/transfer';
import { chatEndpoints } from './chat';
import type { Endpoint } from './endpoint';
import { healthAndConfigEndpoints } from './health-and-config';
import { lessonEndpoints } from './lessons';
import { noteEndpoints } from './notes';
import { ownLessonEndpoints } from './own-lessons';
import { searchEndpoints } from './search';
import { sessionEndpoints } from './sessions';

/**
 * Every table of the contract (docs/api.md "The endpoint table"), one per section of docs/api.md. A screen imports
 * the one table it calls, not this index: each table is a few hundred bytes in the chunk that imports it.
 */
export const endpointTables = {
  healthAndConfig: healthAndConfigEndpoints,
  sessions: sessionEndpoints,
  account: accountEndpoints,
  notes: noteEndpoints,
  search: searchEndpoints,
  chat: chatEndpoints,
  lessons: lessonEndpoints,
  ownLessons: ownLessonEndpoints,
  billing: billingEndpoints,
  cardDecks: cardDeckEndpoints,
  cardReview: cardReviewEndpoints,
  cardDrafts: cardDraftEndpoints,
  cardTransfer: cardTransferEndpoints,
  cardAnalytics: cardAnalyticsEndpoints,
  admin: adminEndpoints,
} satisfies Record<string, Record<string, Endpoint>>;

/** Every endpoint of every table. */
export const allEndpoints: readonly Endpoint[] = Object.values(endpointTables).flatMap((table) =>
  Object.values<Endpoint>(table),
);
