import fc from 'fast-check';
import {
  apkgImport,
  cardContent,
  csvImport,
  deckChoice,
  getAt,
  getWith,
  idBody,
  idOr,
  lessonId,
  numberOr,
  optional,
  timeZone,
  type Shape,
} from './fuzz-shape-parts';
import { encodeLoosely, filled, nasty } from './fuzz-text';

/** The flashcard routes' shapes, by `METHOD /route` (fuzz-shapes.ts holds them all). */
export const CARD_SHAPES: Record<string, Shape> = {
  'POST /api/cards/decks/create': {
    requests: () => filled.map((name) => ({ path: '/api/cards/decks/create', json: { name } })),
  },
  'POST /api/cards/decks/rename': {
    requests: (things) =>
      fc.record({ id: idOr(things.deckId), name: filled }).map((json) => ({ path: '/api/cards/decks/rename', json })),
  },
  'POST /api/cards/decks/delete': { requests: idBody('/api/cards/decks/delete', (things) => things.deckId) },
  'POST /api/cards/create': {
    requests: (things) =>
      fc.record({ card: cardContent, deck: deckChoice(things) }).map((json) => ({ path: '/api/cards/create', json })),
  },
  'POST /api/cards/update': {
    requests: (things) =>
      fc
        .record({
          id: idOr(things.cardNoteId),
          card: cardContent,
          deckId: idOr(things.deckId),
          // A kept Anki note type's fields (docs/decisions/047-anki-note-fields-and-styles.md).
          fields: optional(fc.oneof(fc.array(fc.oneof(filled, nasty), { maxLength: 4 }), nasty)),
        })
        .map((json) => ({ path: '/api/cards/update', json })),
  },
  'POST /api/cards/delete': { requests: idBody('/api/cards/delete', (things) => things.cardNoteId) },
  'GET /api/cards/get': { requests: getWith('/api/cards/get', (things) => fc.record({ id: idOr(things.cardNoteId) })) },
  'GET /api/cards/list': {
    requests: getWith('/api/cards/list', (things) =>
      fc.record({ deckId: idOr(things.deckId), offset: optional(fc.oneof(nasty, fc.nat().map(String))) }),
    ),
  },
  'GET /api/cards/decks': { requests: getWith('/api/cards/decks', () => fc.record({ tz: timeZone })) },
  'GET /api/cards/summary': { requests: getWith('/api/cards/summary', () => fc.record({ tz: timeZone })) },
  'POST /api/cards/settings': {
    requests: () =>
      fc
        .record({
          desiredRetention: numberOr(fc.double({ min: 0.7, max: 0.97, noNaN: true })),
          newPerDay: numberOr(fc.nat(9999)),
          reviewsPerDay: numberOr(fc.nat(9999)),
          // The daily load (docs/decisions/043-daily-load.md): optional, and nasty at times.
          loadBalancing: optional(fc.oneof(fc.boolean(), nasty)),
          easyDays: optional(
            fc.oneof(fc.array(fc.constantFrom('normal', 'reduced', 'minimum'), { minLength: 7, maxLength: 7 }), nasty),
          ),
          reviewOrder: optional(fc.oneof(fc.constantFrom('due', 'retrievability'), nasty)),
        })
        .map((json) => ({ path: '/api/cards/settings', json })),
  },
  'GET /api/cards/review/next': {
    requests: getWith('/api/cards/review/next', (things) =>
      fc.record({ deckId: optional(idOr(things.deckId)), tz: timeZone, ahead: fc.oneof(fc.constant('1'), nasty) }),
    ),
  },
  'POST /api/cards/review/grade': {
    requests: (things) =>
      fc
        .record({
          cardId: idOr(things.cardId),
          rating: fc.constantFrom(1, 2, 3, 4),
          durationMs: fc.nat(),
          queue: optional(fc.record({ deckId: optional(idOr(things.deckId)), tz: timeZone, ahead: fc.boolean() })),
        })
        .map((json) => ({ path: '/api/cards/review/grade', json })),
  },
  'POST /api/cards/review/undo': { requests: () => fc.constant({ path: '/api/cards/review/undo', json: {} }) },
  'POST /api/cards/drafts/generate': {
    requests: (things) =>
      fc
        .oneof(
          idOr(things.noteId).map((noteId) => ({ kind: 'note', noteId })),
          idOr(things.messageId).map((messageId) => ({ kind: 'chat', messageId })),
          fc.record({ kind: fc.constant('lesson'), lessonId, ms: optional(numberOr(fc.nat())) }),
          // A found passage (docs/decisions/050-cards-from-a-source.md): the person's note, any kind, any id.
          fc.record({
            kind: fc.constant('passage'),
            of: fc.oneof(fc.constantFrom('note', 'chat', 'lesson', 'card'), fc.string()),
            sourceId: fc.oneof(idOr(things.noteId), idOr(things.messageId), lessonId),
            position: optional(numberOr(fc.nat())),
            ms: optional(numberOr(fc.nat())),
          }),
        )
        .map((source) => ({ path: '/api/cards/drafts/generate', json: { source } })),
  },
  'POST /api/cards/drafts/accept': {
    requests: (things) =>
      fc
        .record({
          deck: deckChoice(things),
          drafts: fc.array(
            cardContent.chain((card) => idOr(things.draftId).map((id) => ({ ...card, id }))),
            { minLength: 1, maxLength: 2 },
          ),
        })
        .map((json) => ({ path: '/api/cards/drafts/accept', json })),
  },
  'POST /api/cards/drafts/reject': {
    requests: (things) =>
      fc
        .array(idOr(things.draftId), { minLength: 1, maxLength: 2 })
        .map((ids) => ({ path: '/api/cards/drafts/reject', json: { ids } })),
  },
  'POST /api/cards/import/preview': { requests: csvImport('/api/cards/import/preview') },
  'POST /api/cards/import': { requests: csvImport('/api/cards/import') },
  'POST /api/cards/import/apkg/preview': { requests: apkgImport('/api/cards/import/apkg/preview') },
  'POST /api/cards/import/apkg': { requests: apkgImport('/api/cards/import/apkg') },
  'GET /api/cards/export': {
    requests: getWith('/api/cards/export', (things) =>
      fc.record({ format: fc.oneof(fc.constantFrom('csv', 'apkg'), nasty), deckId: optional(idOr(things.deckId)) }),
    ),
  },
  'GET /api/cards/analytics': {
    requests: getWith('/api/cards/analytics', (things) =>
      fc.record({ deckId: optional(idOr(things.deckId)), tz: timeZone, days: fc.oneof(fc.constant('90'), nasty) }),
    ),
  },
  'GET /api/cards/forecast': {
    requests: getWith('/api/cards/forecast', () =>
      fc.record({ retention: fc.oneof(fc.constant('0.85'), nasty), tz: timeZone, newPerDay: optional(nasty) }),
    ),
  },
  'POST /api/cards/optimizer': {
    requests: () => fc.record({ tz: timeZone }).map((json) => ({ path: '/api/cards/optimizer', json })),
  },
  'GET /api/cards/optimizer/:id': { requests: getAt('/api/cards/optimizer/', () => nasty) },
  'POST /api/cards/optimizer/:id/cancel': {
    requests: () =>
      nasty
        .filter((id) => id !== '')
        .map((id) => ({ path: `/api/cards/optimizer/${encodeLoosely(id)}/cancel`, json: {} })),
  },
};
