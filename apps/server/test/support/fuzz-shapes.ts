import fc from 'fast-check';
import { CARD_SHAPES } from './fuzz-shapes-cards';
import { OWN_LESSON_SHAPES } from './fuzz-shapes-own-lessons';
import {
  chatStream,
  conversation,
  email,
  getAt,
  getWith,
  idBody,
  idOr,
  lessonId,
  model,
  numberOr,
  optional,
  ownerPath,
  password,
  type Shape,
} from './fuzz-shape-parts';
import { encodeLoosely, filled, nasty } from './fuzz-text';

/** The chat's scope (decision 044): a kind, a deck (the person's or any id), or something it is not. */
const scopeOf = (deckId: string) =>
  fc.oneof(
    fc.constantFrom('note', 'lesson', 'card', 'chat', 'deck').map((kind) => ({ kind })),
    idOr(deckId).map((id) => ({ kind: 'deck', deckId: id })),
    nasty,
  );

// The well-formed requests of the endpoint fuzz test (fuzz-endpoints.test.ts), by route: every text field may hold
// nasty text (fuzz-text.ts), so the request gets past the validation into the handler and the database.

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
  // A fuzzed person is a member, so the console's routes answer 404 whatever is sent (decision 037).
  'POST /api/admin/people/sign-out-everywhere': {
    requests: idBody('/api/admin/people/sign-out-everywhere', (things) => things.noteId),
  },
  'POST /api/admin/people/suspend': {
    requests: (things) =>
      fc
        .record({ id: idOr(things.noteId), reason: nasty })
        .map((json) => ({ path: '/api/admin/people/suspend', json })),
  },
  'POST /api/admin/people/restore': {
    requests: idBody('/api/admin/people/restore', (things) => things.noteId),
  },
  'POST /api/admin/people/complimentary': {
    requests: (things) =>
      fc
        .record({ id: idOr(things.noteId), until: fc.oneof(fc.integer(), fc.double(), nasty) })
        .map((json) => ({ path: '/api/admin/people/complimentary', json })),
  },
  'POST /api/admin/people/complimentary/end': {
    requests: idBody('/api/admin/people/complimentary/end', (things) => things.noteId),
  },
  'POST /api/account/confirm-password': {
    requests: () => fc.record({ password: nasty }).map((json) => ({ path: '/api/account/confirm-password', json })),
  },
  'POST /api/admin/people/delete': {
    requests: (things) =>
      fc
        .record({ id: idOr(things.noteId), confirmation: nasty })
        .map((json) => ({ path: '/api/admin/people/delete', json })),
  },
  'POST /api/admin/people/reset-link': {
    requests: idBody('/api/admin/people/reset-link', (things) => things.noteId),
  },
  'GET /api/admin/business': {
    requests: getWith('/api/admin/business', () => fc.record({ days: fc.oneof(fc.integer().map(String), nasty) })),
  },
  'POST /api/user/reset-password': {
    as: 'nobody',
    requests: () =>
      fc.record({ token: nasty, password: nasty }).map((json) => ({ path: '/api/user/reset-password', json })),
  },
  'GET /api/search': {
    requests: getWith('/api/search', () => fc.record({ q: nasty, kind: fc.constantFrom('note', 'planet', '') })),
  },
  'GET /api/search/status': { requests: getWith('/api/search/status', () => fc.record({ q: nasty })) },

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
            scope: optional(scopeOf(things.deckId)),
          })
          .map((json) => ({ path: '/api/chat/send', json })),
        fc
          .record({ conversationId: idOr(things.conversationId), model, scope: optional(scopeOf(things.deckId)) })
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
  ...OWN_LESSON_SHAPES,
  ...CARD_SHAPES,

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
