import fc from 'fast-check';
import { CARD_KINDS } from '@turtle/shared/cards';
import { LESSON_IDS } from '@turtle/shared/lesson-helpers';
import type { AnkiNoteInput } from './anki-package';
import { encodeLoosely, filled, nasty, query } from './fuzz-text';

/**
 * The pieces the endpoint fuzz test's shapes are made of (fuzz-shapes.ts): for each route a well-formed request
 * (shaped by the shared schemas) whose every text field may be nasty text (fuzz-text.ts), so it gets past the
 * validation into the handler and the database.
 */

export interface ShapedRequest {
  /** Path and query, encoded. */
  path: string;
  /** GET unless it has a body or says POST. */
  method?: 'POST';
  form?: Record<string, string>;
  json?: unknown;
  /** Sent as an Anki package (`.apkg`) holding these decks and notes. */
  apkg?: { decks: Record<number, string>; notes: AnkiNoteInput[] };
  /** Sent as these bytes (`application/octet-stream`): a file upload. */
  bytes?: Uint8Array;
}

/** What the signed-in person owns before the requests, so shaped requests also name real things. */
export interface Things {
  deckId: string;
  /** A card note, and one of its cards. */
  cardNoteId: string;
  cardId: string;
  noteId: string;
  conversationId: string;
  messageId: string;
  draftId: string;
  /** An open demo checkout (Free people only). */
  demoSessionId: string;
}

/** Everyone the fuzz test makes has this password. */
export const FUZZ_PASSWORD = 'correct horse battery';

export interface Shape {
  /**
   * Who sends it: `owner` (default) a person who owns `Things`, the same one for every request to the route;
   * `fresh` a new person for each request (the route may end the session or change the password); `nobody`
   * signed out (sign-in routes).
   */
  as?: 'owner' | 'fresh' | 'nobody';
  /** The person's plan: Pro unless the route is about buying it. */
  plan?: 'free';
  requests(things: Things): fc.Arbitrary<ShapedRequest>;
}

export const idOr = (id: string) => fc.oneof(fc.constant(id), nasty);
export const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 1 });
export const lessonId = fc.oneof(fc.constantFrom(...LESSON_IDS), nasty);
export const timeZone = fc.oneof(fc.constantFrom('UTC', 'Europe/Lisbon', 'Asia/Kolkata'), nasty);
export const numberOr = (arbitrary: fc.Arbitrary<number>) => fc.oneof(arbitrary, nasty);
export const email = fc.oneof(
  nasty,
  nasty.map((local) => `${local}@example.test`),
  fc.uuid().map((id) => `fuzz-${id}@example.test`),
);
export const password = fc.oneof(
  nasty,
  fc.constant(FUZZ_PASSWORD),
  nasty.map((text) => `${text}long-enough-1`),
);
export const model = optional(nasty);
export const tags = fc.array(nasty, { maxLength: 3 });

export const cardContent = fc.record({
  kind: fc.oneof(fc.constantFrom(...CARD_KINDS), nasty),
  front: fc.oneof(
    filled,
    filled.map((text) => `{{c1::${text}}}`),
  ),
  back: nasty,
  tags,
});
export const deckChoice = (things: Things) =>
  fc.oneof(
    idOr(things.deckId).map((deckId) => ({ deckId })),
    filled.map((deckName) => ({ deckName })),
  );
/** One question, after an optional earlier exchange: the last message is the person's. */
export const conversation = fc.tuple(optional(fc.tuple(filled, nasty)), filled).map(([earlier, question]) => [
  ...(earlier
    ? [
        { role: 'user', content: earlier[0] },
        { role: 'assistant', content: earlier[1] },
      ]
    : []),
  { role: 'user', content: question },
]);
const csvCell = (cell: string) => `"${cell.replace(/"/g, '""')}"`;
export const csv = fc.oneof(
  nasty,
  fc
    .array(fc.tuple(filled, nasty, nasty, nasty, fc.oneof(fc.constantFrom(...CARD_KINDS), nasty)), {
      minLength: 1,
      maxLength: 3,
    })
    .map((rows) => ['front,back,deck,tags,type', ...rows.map((row) => row.map(csvCell).join(','))].join('\n')),
);
export const csvImport = (path: string) => (things: Things) =>
  fc
    .record({ csv, deckId: optional(idOr(things.deckId)), createMissingDecks: fc.boolean() })
    .map((json) => ({ path, json }));
export const apkgImport = (path: string) => () =>
  fc
    .record({
      deck: nasty,
      notes: fc.array(
        fc.record({
          model: fc.constantFrom('basic', 'reversed', 'cloze' as const),
          deck: fc.constantFrom(1, 2),
          fields: fc.tuple(
            fc.oneof(
              filled,
              filled.map((text) => `{{c1::${text}}}`),
            ),
            nasty,
          ),
          tags: nasty,
          guid: optional(nasty),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    })
    .map(({ deck, notes }) => ({ path, apkg: { decks: { 1: 'Default', 2: deck }, notes } }));
export const chatStream = (path: string) => (things: Things) =>
  fc
    .record({ messages: conversation, model, noteIds: optional(fc.array(idOr(things.noteId), { maxLength: 2 })) })
    .map((json) => ({ path, json }));
export const ownerPath = (path: string) => () => fc.constant({ path, method: 'POST' as const });
export const idBody = (path: string, pick: (things: Things) => string) => (things: Things) =>
  idOr(pick(things)).map((id) => ({ path, json: { id } }));
export const getWith =
  (path: string, values: (things: Things) => fc.Arbitrary<Record<string, string | undefined>>) => (things: Things) =>
    values(things).map((params) => ({ path: `${path}?${query(params)}` }));
export const getAt =
  (prefix: string, id: (things: Things) => fc.Arbitrary<string>, suffix = '') =>
  (things: Things) =>
    id(things)
      .filter((value) => value !== '')
      .map((value) => ({ path: `${prefix}${encodeLoosely(value)}${suffix}` }));
