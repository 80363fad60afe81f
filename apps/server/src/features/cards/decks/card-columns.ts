import type { cardNotes, cards } from '../cards.tables';

/** The columns an insert of notes and of cards sets, every one of them (card-notes.repository.ts). */
export const NOTE_KEYS = [
  'id',
  'userId',
  'deckId',
  'kind',
  'front',
  'back',
  'tags',
  'source',
  'frontKey',
  'noteTypeId',
  'fields',
  'sides',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof typeof cardNotes.$inferSelect)[];
export const CARD_KEYS = [
  'id',
  'userId',
  'noteId',
  'deckId',
  'ordinal',
  'state',
  'due',
  'stability',
  'difficulty',
  'elapsedDays',
  'scheduledDays',
  'learningSteps',
  'reps',
  'lapses',
  'lastReview',
  'createdAt',
] as const satisfies readonly (keyof typeof cards.$inferSelect)[];
