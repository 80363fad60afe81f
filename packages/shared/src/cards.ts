import { z } from './zod';
import { clozeNumbers, renderCloze } from './cards-cloze';
import { normalizeDeckName } from './cards-deck-tree';

/**
 * Flashcards (docs/decisions/012-flashcards.md). A card note holds the text a person writes (front, back, tags);
 * it makes one card (basic), two (basic and reversed: front to back, back to front) or one per cloze number. Cards
 * are what is reviewed and what the plan's limit counts.
 */
export const CARD_KINDS = ['basic', 'reversed', 'cloze'] as const;
export type CardKind = (typeof CARD_KINDS)[number];
export const CARD_KIND_LABELS: Record<CardKind, string> = {
  basic: 'Basic',
  reversed: 'Basic and reversed',
  cloze: 'Cloze',
};

export const CARD_TEXT_MAX_LENGTH = 10_000;
export const DECK_NAME_MAX_LENGTH = 80;
export const CARD_TAG_MAX_LENGTH = 40;
export const CARD_TAGS_MAX = 20;
/** Drafts made in one go, held in the tray, and accepted or rejected in one request. */
export const CARD_DRAFTS_MAX = 200;
export const CARD_LIST_PAGE_SIZE = 100;

/** Where a card came from: shown on the card as a chip that opens it. `label` is its name when the card was made. */
export type CardSource =
  /** `position`: the passage of the note it was drafted from (docs/decisions/050-cards-from-a-source.md). */
  | { kind: 'note'; noteId: string; label: string; position?: number }
  | { kind: 'lesson'; lessonId: string; ms: number; label: string }
  | { kind: 'chat'; conversationId: string; messageId: string; label: string }
  | { kind: 'card'; cardId: string; label: string };

/**
 * The address a source chip opens: the note (at its passage), the lesson playing from that moment, the chat at that
 * reply, or the card it was drafted from.
 */
export function sourceHref(source: CardSource): string {
  switch (source.kind) {
    case 'note':
      return `/note/${encodeURIComponent(source.noteId)}${source.position === undefined ? '' : `?p=${source.position}`}`;
    case 'lesson':
      return `/learn/${encodeURIComponent(source.lessonId)}?t=${source.ms}`;
    case 'chat':
      return `/chats?c=${encodeURIComponent(source.conversationId)}&m=${encodeURIComponent(source.messageId)}`;
    case 'card':
      return `/cards/edit/${encodeURIComponent(source.cardId)}`;
  }
}

/** Which cards a note makes: 0 for basic, 0 and 1 for reversed, the cloze numbers for cloze. */
export function cardOrdinals(kind: CardKind, front: string): number[] {
  if (kind === 'basic') return [0];
  if (kind === 'reversed') return [0, 1];
  return clozeNumbers(front);
}

/** The question and answer of one card, as markdown. A cloze note's back is extra text under the answer. */
export function cardSides(card: { kind: CardKind; ordinal: number; front: string; back: string }) {
  if (card.kind === 'reversed' && card.ordinal === 1) return { question: card.back, answer: card.front };
  if (card.kind !== 'cloze') return { question: card.front, answer: card.back };
  const answer = renderCloze(card.front, card.ordinal, 'answer');
  return {
    question: renderCloze(card.front, card.ordinal, 'question'),
    answer: card.back.trim() ? `${answer}\n\n---\n\n${card.back}` : answer,
  };
}

const formatCount = (value: number) => value.toLocaleString('en-US');
export const CARD_TEXT_TOO_LONG = `Card text is over ${formatCount(CARD_TEXT_MAX_LENGTH)} characters.`;

export const IdSchema = z.string({ error: 'Send an id.' }).min(1, 'Send an id.').max(100);

export const DeckNameSchema = z
  .string({ error: 'Give the deck a name.' })
  .trim()
  .overwrite(normalizeDeckName)
  .min(1, 'Give the deck a name.')
  .max(DECK_NAME_MAX_LENGTH, `A deck name is at most ${DECK_NAME_MAX_LENGTH} characters.`);

const TagSchema = z
  .string()
  .trim()
  .min(1, 'A tag is empty.')
  .max(CARD_TAG_MAX_LENGTH, `A tag is at most ${CARD_TAG_MAX_LENGTH} characters.`)
  .regex(/^\S+$/, 'A tag has no spaces.');

/** What a person writes on a card note; checked the same way by hand, from a draft and from an import. */
export const CardContentSchema = z
  .object({
    kind: z.enum(CARD_KINDS, { error: 'The card type is basic, reversed or cloze.' }),
    front: z
      .string({ error: 'The front must be text.' })
      .trim()
      .min(1, 'The front is empty.')
      .max(CARD_TEXT_MAX_LENGTH, CARD_TEXT_TOO_LONG),
    back: z
      .string({ error: 'The back must be text.' })
      .trim()
      .max(CARD_TEXT_MAX_LENGTH, CARD_TEXT_TOO_LONG)
      .default(''),
    tags: z.array(TagSchema).max(CARD_TAGS_MAX, `A card has at most ${CARD_TAGS_MAX} tags.`).default([]),
  })
  .superRefine((card, ctx) => {
    if (card.kind === 'cloze' && clozeNumbers(card.front).length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['front'],
        message: 'A cloze card needs a deletion such as {{c1::answer}}.',
      });
    }
    if (card.kind === 'reversed' && !card.back) {
      ctx.addIssue({ code: 'custom', path: ['back'], message: 'A reversed card needs a back.' });
    }
  });
export type CardContent = z.infer<typeof CardContentSchema>;

/** A deck is chosen by id, or named (a deck of that name is made when there is none). */
export const DeckChoiceSchema = z.union([z.object({ deckId: IdSchema }), z.object({ deckName: DeckNameSchema })], {
  error: 'Choose a deck.',
});
export type DeckChoice = z.infer<typeof DeckChoiceSchema>;

export interface DeckSummary {
  id: string;
  name: string;
  /** Cards in the deck. */
  cards: number;
  /** What today's queue holds for this deck (within the day's limits). */
  due: { new: number; learning: number; review: number };
  /** Subdecks (docs/decisions/041-subdecks.md): the deck above ("Spanish" for "Spanish::Verbs"), or null. */
  parentId: string | null;
  depth: number;
  /** The name under its parent ("Verbs"). */
  label: string;
  /** Its cards and today's queue with all its subdecks' (what studying it brings). */
  total: { cards: number; due: { new: number; learning: number; review: number } };
}

/** The plan's card limit, for the meter: `max` is null on Pro (no limit). */
export interface CardAllowance {
  used: number;
  max: number | null;
  plan: number;
}

/** `GET /api/cards/summary?tz=`: the header's count and the meter. */
export interface CardsSummary {
  dueToday: number;
  allowance: CardAllowance;
  drafts: number;
}

export interface ListDecksResponse {
  decks: DeckSummary[];
  allowance: CardAllowance;
  drafts: number;
}

/** A card note as the deck browser shows it. */
export interface CardNoteView {
  id: string;
  deckId: string;
  kind: CardKind;
  front: string;
  back: string;
  tags: string[];
  source: CardSource | null;
  cards: number;
  /**
   * Present (true) when its cards are an imported Anki note type's templates rendered (docs/decisions/042-anki-note-types.md):
   * `front` and `back` are its first card's sides, and only its deck and tags can be edited.
   */
  fromNoteType?: true;
  /**
   * On `GET /api/cards/get` of such a note: its note type's name and its fields in order, which are what an edit
   * changes (docs/decisions/047-anki-note-fields-and-styles.md).
   */
  noteType?: { name: string; fields: { name: string; value: string }[] };
  createdAt: number;
  updatedAt: number;
}

export interface ListCardsResponse {
  cards: CardNoteView[];
  total: number;
}

export const ListCardsQuerySchema = z.object({
  deckId: IdSchema,
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const CreateCardBodySchema = z.object({ card: CardContentSchema, deck: DeckChoiceSchema });
/** The most fields a kept Anki note type's note is edited with (Anki's own note types have a few; 100 is plenty). */
export const NOTE_FIELDS_MAX = 100;
export const UpdateCardBodySchema = z.object({
  id: IdSchema,
  card: CardContentSchema,
  deckId: IdSchema,
  /** A note of a kept Anki note type: its fields, all of them in order (docs/decisions/047-anki-note-fields-and-styles.md). */
  fields: z
    .array(z.string({ error: 'A field must be text.' }).max(CARD_TEXT_MAX_LENGTH, CARD_TEXT_TOO_LONG), {
      error: 'The fields are a list of texts.',
    })
    .max(NOTE_FIELDS_MAX, `A note has at most ${NOTE_FIELDS_MAX} fields.`)
    .optional(),
});
export const IdBodySchema = z.object({ id: IdSchema });
export const CreateDeckBodySchema = z.object({ name: DeckNameSchema });
export const RenameDeckBodySchema = z.object({ id: IdSchema, name: DeckNameSchema });

export interface CardNoteResponse {
  card: CardNoteView;
  allowance: CardAllowance;
}
