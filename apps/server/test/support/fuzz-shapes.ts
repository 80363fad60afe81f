import fc from 'fast-check';
import { CARD_KINDS } from '@turtle/shared/cards';
import { LESSON_IDS } from '@turtle/shared/lesson-helpers';
import { wellFormedText } from '@turtle/shared/text';
import type { AnkiNoteInput } from './anki-package';

/**
 * Requests for the endpoint fuzz test (issue 17, "Done when"): what breaks naive code as text, and for each route a
 * well-formed request (shaped by the shared schemas) whose every text field may be such text, so it gets past the
 * validation into the handler and the database.
 */

/** Text that passes the NUL refusal and still holds control characters, lone surrogates and invisible characters. */
const controls = fc.string({
  unit: fc.constantFrom(
    ...['\u0001', '\u0007', '\b', '\u000b', '\u001b', '\u001f', '\u007f', '\u0085', '\ud800', '\udfff', '\u200b'],
    ...['\u202e', '\ufeff', 'x', 'é', ' ', '\t', '\n', '\r', '%', '"', '<', '\\'],
  ),
  minLength: 1,
  maxLength: 24,
});

/** Text with what breaks naive code: NUL, other control characters, lone surrogates, long runs. */
export const nasty = fc.oneof(
  controls,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\u0001\u0002\u001f\u007f', '\t\r\n', '\ud800', '\u202e', '', ' ', '__proto__'),
  fc.string({ unit: fc.constantFrom('\u0000', '\u0007', '\u001b', 'x', '%', '&', '=', '"'), maxLength: 20 }),
);

/** Nasty text with a letter at each end: not blank, so it passes "must not be empty" rules. */
const filled = fc.oneof(
  nasty,
  nasty.map((text) => `a${text}b`),
);

/** `encodeURIComponent`, which throws on a lone surrogate: that one becomes U+FFFD, as a browser would send it. */
export function encodeLoosely(value: string): string {
  return encodeURIComponent(wellFormedText(value));
}

const query = (values: Record<string, string | undefined>) =>
  Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${encodeLoosely(value)}`)
    .join('&');

export interface ShapedRequest {
  /** Path and query, encoded. */
  path: string;
  /** GET unless it has a body or says POST. */
  method?: 'POST';
  form?: Record<string, string>;
  json?: unknown;
  /** Sent as an Anki package (`.apkg`) holding these decks and notes. */
  apkg?: { decks: Record<number, string>; notes: AnkiNoteInput[] };
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

const idOr = (id: string) => fc.oneof(fc.constant(id), nasty);
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 1 });
const lessonId = fc.oneof(fc.constantFrom(...LESSON_IDS), nasty);
const timeZone = fc.oneof(fc.constantFrom('UTC', 'Europe/Lisbon', 'Asia/Kolkata'), nasty);
const numberOr = (arbitrary: fc.Arbitrary<number>) => fc.oneof(arbitrary, nasty);
const email = fc.oneof(
  nasty,
  nasty.map((local) => `${local}@example.test`),
  fc.uuid().map((id) => `fuzz-${id}@example.test`),
);
const password = fc.oneof(
  nasty,
  fc.constant(FUZZ_PASSWORD),
  nasty.map((text) => `${text}long-enough-1`),
);
const model = optional(nasty);
const tags = fc.array(nasty, { maxLength: 3 });

const cardContent = fc.record({
  kind: fc.oneof(fc.constantFrom(...CARD_KINDS), nasty),
  front: fc.oneof(
    filled,
    filled.map((text) => `{{c1::${text}}}`),
  ),
  back: nasty,
  tags,
});
const deckChoice = (things: Things) =>
  fc.oneof(
    idOr(things.deckId).map((deckId) => ({ deckId })),
    filled.map((deckName) => ({ deckName })),
  );
/** One question, after an optional earlier exchange: the last message is the person's. */
const conversation = fc.tuple(optional(fc.tuple(filled, nasty)), filled).map(([earlier, question]) => [
  ...(earlier
    ? [
        { role: 'user', content: earlier[0] },
        { role: 'assistant', content: earlier[1] },
      ]
    : []),
  { role: 'user', content: question },
]);
const csvCell = (cell: string) => `"${cell.replace(/"/g, '""')}"`;
const csv = fc.oneof(
  nasty,
  fc
    .array(fc.tuple(filled, nasty, nasty, nasty, fc.oneof(fc.constantFrom(...CARD_KINDS), nasty)), {
      minLength: 1,
      maxLength: 3,
    })
    .map((rows) => ['front,back,deck,tags,type', ...rows.map((row) => row.map(csvCell).join(','))].join('\n')),
);
const csvImport = (path: string) => (things: Things) =>
  fc
    .record({ csv, deckId: optional(idOr(things.deckId)), createMissingDecks: fc.boolean() })
    .map((json) => ({ path, json }));
const apkgImport = (path: string) => () =>
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
const chatStream = (path: string) => (things: Things) =>
  fc
    .record({ messages: conversation, model, noteIds: optional(fc.array(idOr(things.noteId), { maxLength: 2 })) })
    .map((json) => ({ path, json }));
const ownerPath = (path: string) => () => fc.constant({ path, method: 'POST' as const });
const idBody = (path: string, pick: (things: Things) => string) => (things: Things) =>
  idOr(pick(things)).map((id) => ({ path, json: { id } }));
const getWith =
  (path: string, values: (things: Things) => fc.Arbitrary<Record<string, string | undefined>>) => (things: Things) =>
    values(things).map((params) => ({ path: `${path}?${query(params)}` }));
const getAt =
  (prefix: string, id: (things: Things) => fc.Arbitrary<string>, suffix = '') =>
  (things: Things) =>
    id(things)
      .filter((value) => value !== '')
      .map((value) => ({ path: `${prefix}${encodeLoosely(value)}${suffix}` }));

/** Every POST route of the app, and the GET routes that read an id or text from the query, by `METHOD /route`. */
export const SHAPES: Record<string, Shape> = {
  'POST /api/user/signup': {
    as: 'nobody',
    requests: () => fc.record({ name: filled, email, password }).map((form) => ({ path: '/api/user/signup', form })),
  },
  'POST /api/user/login': {
    as: 'nobody',
    requests: () => fc.record({ email, password }).map((form) => ({ path: '/api/user/login', form })),
  },
  'POST /api/user/login_3rd_party': {
    as: 'nobody',
    requests: () =>
      fc.record({ name: filled, email, ticket: nasty }).map((form) => ({ path: '/api/user/login_3rd_party', form })),
  },
  'POST /dev-oidc/interaction/:uid': {
    as: 'nobody',
    requests: () =>
      fc
        .record({ uid: fc.oneof(fc.constant('abc-123'), nasty), name: filled, email })
        .filter(({ uid }) => uid !== '')
        .map(({ uid, ...form }) => ({ path: `/dev-oidc/interaction/${encodeLoosely(uid)}`, form })),
  },
  'POST /api/user/logout': { as: 'fresh', requests: ownerPath('/api/user/logout') },
  'POST /api/account/delete': {
    as: 'fresh',
    // Never the account's own email: the confirmation is wrong, so the person stays.
    requests: () => nasty.map((confirmation) => ({ path: '/api/account/delete', json: { confirmation } })),
  },
  'POST /api/account/password': {
    as: 'fresh',
    requests: () =>
      fc
        .record({ currentPassword: password, newPassword: password })
        .map((json) => ({ path: '/api/account/password', json })),
  },

  'POST /api/note/save': {
    requests: (things) =>
      fc
        .record({ id: optional(idOr(things.noteId)), name: nasty, content: nasty, baseUpdatedAt: optional(fc.nat()) })
        .map((note) => ({ path: '/api/note/save', json: { note } })),
  },
  'POST /api/note/delete': { requests: idBody('/api/note/delete', (things) => things.noteId) },
  'GET /api/note/get': { requests: getWith('/api/note/get', (things) => fc.record({ id: idOr(things.noteId) })) },

  'POST /api/chat/stream': { requests: chatStream('/api/chat/stream') },
  'POST /api/test/stream': { requests: chatStream('/api/test/stream') },
  'POST /api/chat/send': {
    requests: (things) =>
      fc.oneof(
        fc
          .record({
            conversationId: optional(idOr(things.conversationId)),
            message: fc.record({
              content: filled,
              htmlContent: optional(nasty),
              lexicalContent: optional(nasty),
              noteIds: optional(fc.array(idOr(things.noteId), { maxLength: 2 })),
            }),
            model,
          })
          .map((json) => ({ path: '/api/chat/send', json })),
        fc
          .record({ conversationId: idOr(things.conversationId), model })
          .map((json) => ({ path: '/api/chat/send', json: { ...json, regenerate: true } })),
      ),
  },
  'POST /api/chat/stop': {
    requests: (things) =>
      idOr(things.conversationId).map((conversationId) => ({ path: '/api/chat/stop', json: { conversationId } })),
  },
  'POST /api/chat/conversations/rename': {
    requests: (things) =>
      fc
        .record({ id: idOr(things.conversationId), title: filled })
        .map((json) => ({ path: '/api/chat/conversations/rename', json })),
  },
  'POST /api/chat/conversations/delete': {
    requests: idBody('/api/chat/conversations/delete', (things) => things.conversationId),
  },
  'GET /api/chat/conversations/get': {
    requests: getWith('/api/chat/conversations/get', (things) => fc.record({ id: idOr(things.conversationId) })),
  },

  'POST /api/lessons/progress': {
    requests: () =>
      fc.record({ lessonId, positionMs: numberOr(fc.nat()) }).map((json) => ({ path: '/api/lessons/progress', json })),
  },
  'POST /api/lessons/progress/merge': {
    requests: () =>
      fc
        .array(fc.record({ lessonId, positionMs: numberOr(fc.nat()) }), { maxLength: 3 })
        .map((lessons) => ({ path: '/api/lessons/progress/merge', json: { lessons } })),
  },
  'POST /api/lesson/chat': {
    requests: () =>
      fc
        .record({
          lessonId: optional(lessonId),
          fullScript: nasty,
          currentSentence: nasty,
          messages: conversation,
          model,
        })
        .map((json) => ({ path: '/api/lesson/chat', json })),
  },
  'GET /api/lessons/:id': { requests: getAt('/api/lessons/', () => lessonId) },
  'GET /api/lessons/:id/transcript.vtt': { requests: getAt('/api/lessons/', () => lessonId, '/transcript.vtt') },
  'GET /media/lessons/:file': {
    requests: getAt('/media/lessons/', () =>
      fc.oneof(
        nasty,
        nasty.map((name) => `${name}.mp3`),
      ),
    ),
  },

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
        .record({ id: idOr(things.cardNoteId), card: cardContent, deckId: idOr(things.deckId) })
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
        .record({ cardId: idOr(things.cardId), rating: fc.constantFrom(1, 2, 3, 4), durationMs: fc.nat() })
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

  'POST /api/billing/checkout': {
    plan: 'free',
    requests: () =>
      fc
        .oneof(fc.constantFrom('monthly', 'yearly'), nasty)
        .map((period) => ({ path: '/api/billing/checkout', json: { period } })),
  },
  'GET /api/billing/demo/session': {
    plan: 'free',
    requests: getWith('/api/billing/demo/session', (things) => fc.record({ id: idOr(things.demoSessionId) })),
  },
  'POST /api/billing/demo/pay': {
    plan: 'free',
    requests: idBody('/api/billing/demo/pay', (things) => things.demoSessionId),
  },
  'POST /api/billing/demo/cancel': {
    plan: 'free',
    requests: idBody('/api/billing/demo/cancel', (things) => things.demoSessionId),
  },
  'POST /api/stripe/handle_payment_success': {
    plan: 'free',
    requests: () => nasty.map((csId) => ({ path: '/api/stripe/handle_payment_success', form: { csId } })),
  },
  'POST /api/billing/portal': { requests: ownerPath('/api/billing/portal') },
  'POST /api/billing/period': {
    requests: () =>
      fc
        .oneof(fc.constantFrom('monthly', 'yearly'), nasty)
        .map((period) => ({ path: '/api/billing/period', json: { period } })),
  },
  'POST /api/billing/renewal': {
    requests: () => fc.oneof(fc.boolean(), nasty).map((renew) => ({ path: '/api/billing/renewal', json: { renew } })),
  },

  'GET /api/auth/oidc/start': {
    as: 'nobody',
    requests: getWith('/api/auth/oidc/start', () =>
      fc.record({
        nonce: fc.oneof(
          nasty,
          nasty.map((n) => n.repeat(20)),
        ),
      }),
    ),
  },
  'GET /api/auth/oidc/callback': {
    as: 'nobody',
    requests: getWith('/api/auth/oidc/callback', () => fc.record({ state: nasty, code: optional(nasty) })),
  },
};
