import { z } from 'zod';
import { CARD_DRAFTS_MAX, CARD_KINDS, CARD_TEXT_MAX_LENGTH } from '@turtle/shared/cards';

/**
 * Who drafts flashcards from a source (docs/decisions/012-flashcards.md): a model through an OpenAI-compatible API
 * (structured JSON output, checked with zod, one repair), or the built-in offline drafter (cloze cards from the
 * source's key sentences).
 */

/** The text to draft from, in passages; a lesson's passages are its sentences with when each is spoken. */
export interface DraftingSource {
  kind: 'note' | 'chat' | 'lesson' | 'card';
  title: string;
  passages: { text: string; ms?: number }[];
}

export interface DraftedCard {
  kind: (typeof CARD_KINDS)[number];
  front: string;
  back: string;
  /** For a lesson: the moment (of the passage) the card is about. */
  ms?: number;
}

export interface DraftRequest {
  source: DraftingSource;
  /** Aborted when the person leaves: the provider must stop at once. */
  signal: AbortSignal;
}

export interface CardDrafter {
  kind: 'openai' | 'offline';
  draft(request: DraftRequest): Promise<DraftedCard[]>;
}

/** Drafting failed; the message is for the person (never the upstream's own body). */
export class DraftingError extends Error {}

/** What a model must answer: `{ "cards": [...] }`. Each card's `passage` is the number of the passage it is from. */
export const ModelCardsSchema = z.object({
  cards: z
    .array(
      z.object({
        kind: z.enum(CARD_KINDS),
        front: z.string().trim().min(1).max(CARD_TEXT_MAX_LENGTH),
        back: z.string().trim().max(CARD_TEXT_MAX_LENGTH),
        passage: z.number().int().min(1).nullable().optional(),
      }),
    )
    .max(CARD_DRAFTS_MAX),
});
export type ModelCards = z.infer<typeof ModelCardsSchema>;

/** The same shape as a JSON Schema, for `response_format` (strict structured output). */
export const MODEL_CARDS_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['cards'],
  properties: {
    cards: {
      type: 'array',
      maxItems: CARD_DRAFTS_MAX,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['kind', 'front', 'back', 'passage'],
        properties: {
          kind: { type: 'string', enum: [...CARD_KINDS] },
          front: { type: 'string' },
          back: { type: 'string' },
          passage: { type: ['integer', 'null'] },
        },
      },
    },
  },
} as const;
