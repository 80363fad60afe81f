import type { FastifyInstance } from 'fastify';
import { CARD_DRAFTS_MAX, CardContentSchema } from '@turtle/shared/cards';
import { cardDraftEndpoints } from '@turtle/shared/endpoints/cards/drafts.schemas';
import { DAILY_LIMIT_MESSAGE, effectivePlan } from '@turtle/shared/entitlements';
import { HttpError } from '../../../lib/http-error';
import { route } from '../../../lib/route';
import { perUser, rateLimited } from '../../../plugins/rate-limit';
import { DraftingError, type DraftedCard } from '../../../providers/llm/card-drafter';
import { dailyLimit } from '../../../core/assistant/reply-checks';
import { usageDay } from '../../../core/assistant/usage-day';
import { requireUser } from '../../../core/identity/sessions';
import type { CardsOptions } from '../cards-options';
import { readAllowance, reserveCards } from '../decks/card-limit';
import { cardsMadeBy, insertCardNotes } from '../decks/card-notes.repository';
import { resolveDeck } from '../decks/deck-choice';
import { frontKey } from '../decks/front-key';
import { resolveDraftSource } from './draft-sources';
import { countOwnDrafts, deleteOwnDrafts, insertDrafts, listOwnDrafts, lockOwnDrafts } from './drafts.repository';

/** Drafting asks a model: at most this many a minute per person (beside the plan's replies a day). */
export const DRAFTS_PER_MINUTE = 10;

const TRAY_FULL = `Your tray holds ${CARD_DRAFTS_MAX} drafts. Accept or reject some before making more.`;
const NOTHING_DRAFTED = 'No cards could be drafted from this. Try a longer text, or write the cards by hand.';
const draftGone = () =>
  new HttpError(404, 'notFound', 'A draft does not exist (it may have been accepted or rejected already).');

/** The drafted cards a person could accept: valid card text, each front once, no more than the tray has room for. */
function usableDrafts(drafted: DraftedCard[], room: number) {
  const seen = new Set<string>();
  const usable: DraftedCard[] = [];
  for (const draft of drafted) {
    const parsed = CardContentSchema.safeParse(draft);
    if (!parsed.success) continue;
    const key = frontKey(parsed.data.front);
    if (seen.has(key)) continue;
    seen.add(key);
    usable.push({ ...draft, front: parsed.data.front, back: parsed.data.back });
    if (usable.length >= room) break;
  }
  return usable;
}

export function draftsRoutes(app: FastifyInstance, options: CardsOptions): void {
  const { db } = options;
  const limiter = rateLimited(app, [{ name: 'cards-draft', max: DRAFTS_PER_MINUTE, windowMs: 60_000, key: perUser }]);

  route(app, cardDraftEndpoints.list, { user: requireUser }, async ({ user }) => {
    const [drafts, allowance] = await Promise.all([listOwnDrafts(db, user.id), readAllowance(db, user)]);
    return { drafts, allowance };
  });

  /**
   * Drafts cards from a note, a chat reply or a lesson. Counts as one assistant reply of the day; a failure (no
   * usable answer after the repair, a timeout, the service down) saves nothing and gives the reply back.
   */
  route(
    app,
    cardDraftEndpoints.generate,
    { user: requireUser, preHandler: limiter },
    async ({ user, body: { source: ref } }, request, reply) => {
      const room = CARD_DRAFTS_MAX - (await countOwnDrafts(db, user.id));
      if (room <= 0) throw new HttpError(409, 'conflict', TRAY_FULL);
      const source = await resolveDraftSource(db, user.id, ref, options);

      const now = Date.now();
      const { day, resetsAt } = usageDay(now);
      const limit = dailyLimit(options.assistant, effectivePlan(user, now));
      if ((await options.quota.take(user.id, day, limit)) === undefined) {
        reply.header('retry-after', String(Math.ceil((resetsAt - now) / 1000)));
        throw new HttpError(429, 'rateLimited', DAILY_LIMIT_MESSAGE);
      }
      const closed = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) closed.abort();
      });
      let drafted: DraftedCard[];
      try {
        drafted = await options.drafter.draft({ source: source.drafting, signal: closed.signal });
      } catch (error) {
        await options.quota.refund(user.id, day);
        if (closed.signal.aborted) throw new HttpError(400, 'badRequest', 'The request was cancelled.');
        if (error instanceof DraftingError) {
          request.log.warn({ err: error.cause ?? error }, 'card drafting failed');
          throw new HttpError(502, 'unavailable', error.message);
        }
        throw error;
      }
      const usable = usableDrafts(drafted, room);
      if (usable.length === 0) {
        await options.quota.refund(user.id, day);
        throw new HttpError(422, 'validation', NOTHING_DRAFTED);
      }
      await insertDrafts(
        db,
        user.id,
        usable.map((draft) => ({
          kind: draft.kind,
          front: draft.front,
          back: draft.back,
          source: source.sourceOf(draft),
        })),
        Date.now(),
      );
      const [drafts, allowance] = await Promise.all([listOwnDrafts(db, user.id), readAllowance(db, user)]);
      return { drafts, allowance, added: usable.length };
    },
  );

  /** Accepts drafts (with the learner's edits) into one deck, within the plan's limit, all or none. */
  route(app, cardDraftEndpoints.accept, { user: requireUser }, async ({ user, body }) => {
    const ids = [...new Set(body.drafts.map((draft) => draft.id))];
    if (ids.length !== body.drafts.length) throw new HttpError(400, 'validation', 'A draft is listed twice.', 'drafts');
    const contents = body.drafts.map(({ id: _id, ...content }) => ({ content }));
    return db.transaction(async (tx) => {
      const now = Date.now();
      const allowance = await reserveCards(tx, user.id, cardsMadeBy(contents));
      const rows = await lockOwnDrafts(tx, user.id, ids);
      if (rows.length !== ids.length) throw draftGone();
      const deck = await resolveDeck(tx, user.id, body.deck, now);
      const sources = new Map(rows.map((row) => [row.id, row.source ?? null]));
      await insertCardNotes(
        tx,
        user.id,
        deck.id,
        body.drafts.map(({ id, ...content }) => ({ content, source: sources.get(id) ?? null })),
        now,
      );
      await deleteOwnDrafts(tx, user.id, ids);
      return { accepted: ids.length, deckId: deck.id, allowance };
    });
  });

  route(app, cardDraftEndpoints.reject, { user: requireUser }, async ({ user, body: { ids } }) => {
    const unique = [...new Set(ids)];
    return db.transaction(async (tx) => {
      if ((await lockOwnDrafts(tx, user.id, unique)).length !== unique.length) throw draftGone();
      return { rejected: await deleteOwnDrafts(tx, user.id, unique) };
    });
  });
}
