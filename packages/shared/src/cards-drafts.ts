import { z } from './zod';
import {
  CARD_DRAFTS_MAX,
  CardContentSchema,
  DeckChoiceSchema,
  IdSchema,
  type CardAllowance,
  type CardKind,
  type CardSource,
} from './cards';
import { PASSAGE_KINDS } from './search';

/**
 * Cards drafted by the assistant from something the learner studied: a note, a chat reply, a lesson (whole, or the
 * sentence playing at `ms`). Drafts wait in the tray until accepted (they become cards) or rejected.
 */
export const DraftSourceRefSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('note'), noteId: IdSchema }),
    z.object({ kind: z.literal('chat'), messageId: IdSchema }),
    z.object({
      kind: z.literal('lesson'),
      lessonId: IdSchema,
      ms: z.coerce
        .number()
        .int()
        .min(0)
        .max(24 * 3_600_000)
        .optional(),
    }),
    /**
     * One passage of the index, as a reply's source or a search result names it (docs/decisions/050-cards-from-a-source.md):
     * a note's passage at `position`, a lesson's at `ms`, a past chat's message, a card (its front and back).
     */
    z.object({
      kind: z.literal('passage'),
      of: z.enum(PASSAGE_KINDS, { error: 'Say which kind of passage: a note, a past chat, a lesson or a card.' }),
      sourceId: IdSchema,
      position: z.coerce.number().int().min(0).max(1_000_000).optional(),
      ms: z.coerce
        .number()
        .int()
        .min(0)
        .max(24 * 3_600_000)
        .optional(),
    }),
  ],
  { error: 'Say what to make cards from: a note, a chat reply or a lesson.' },
);
export type DraftSourceRef = z.infer<typeof DraftSourceRefSchema>;

export const GenerateDraftsBodySchema = z.object({ source: DraftSourceRefSchema });

export interface CardDraft {
  id: string;
  kind: CardKind;
  front: string;
  back: string;
  source: CardSource | null;
  /** An existing card note with the same front, if any: accepting makes a second one. */
  duplicateOf: { id: string; deckId: string; front: string } | null;
  createdAt: number;
}

export interface ListDraftsResponse {
  drafts: CardDraft[];
  allowance: CardAllowance;
}

export interface GenerateDraftsResponse extends ListDraftsResponse {
  /** How many drafts this request added (the rest of `drafts` were already in the tray). */
  added: number;
}

const draftIds = z
  .array(IdSchema)
  .min(1, 'Choose at least one draft.')
  .max(CARD_DRAFTS_MAX, `At most ${CARD_DRAFTS_MAX} drafts at once.`);

/** Accepted drafts, each with the text the learner may have edited. */
export const AcceptDraftsBodySchema = z.object({
  deck: DeckChoiceSchema,
  drafts: z
    .array(CardContentSchema.safeExtend({ id: IdSchema }))
    .min(1, 'Choose at least one draft.')
    .max(CARD_DRAFTS_MAX, `At most ${CARD_DRAFTS_MAX} drafts at once.`),
});
export type AcceptDraftsBody = z.infer<typeof AcceptDraftsBodySchema>;

export const RejectDraftsBodySchema = z.object({ ids: draftIds });

export interface AcceptDraftsResponse {
  accepted: number;
  deckId: string;
  allowance: CardAllowance;
}
