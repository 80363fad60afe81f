import {
  CARD_TAG_MAX_LENGTH,
  CARD_TAGS_MAX,
  cardOrdinals,
  CardContentSchema,
  DECK_NAME_MAX_LENGTH,
  DeckNameSchema,
  type CardContent,
  type CardKind,
} from '@turtle/shared/cards';
import type { ApkgSummary } from '@turtle/shared/cards-import';
import { wellFormedText } from '@turtle/shared/text';
import { fromAnkiHtml } from './anki-html';
import { ankiCardState, type AnkiCardState } from './anki-import-state';
import type { AnkiCard, AnkiCollection, AnkiNoteType, AnkiReview } from './anki-collection';
import { APKG_BUDGET, budgetMessages, type ApkgBudget } from './apkg-budget';
import { PlannedMedia } from './apkg-media';

/** One note to create, with the Anki cards it takes over (by our ordinal) and their history. */
export interface PlannedNote {
  /** Anki's id for the note (a Turtle export's is our note id). */
  guid: string;
  content: CardContent;
  /** Our card ordinal → the Anki card's reviews, oldest first (grades 1-4 only). */
  history: Map<number, AnkiReview[]>;
  /** Our card ordinal → the Anki card's own state, for a card Anki has seen (docs/decisions/040-anki-fsrs-state.md). */
  anki?: Map<number, AnkiCardState>;
}

export interface ApkgPlan {
  /** By deck name as it will be (an existing deck's own spelling). */
  byDeck: Map<string, PlannedNote[]>;
  summary: Omit<ApkgSummary, 'allowance'>;
  /** The package's images and sounds the planned notes use (docs/decisions/038-card-media.md). */
  media: PlannedMedia;
}

/** Turtle's note ids are UUIDs: only a guid like one can be a note of ours (a Turtle export's). */
const NOTE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const mayBeTurtleNoteId = (guid: string) => NOTE_ID.test(guid);

const SAMPLES = 5;
const REASONS = 5;

/** Which of Turtle's kinds an Anki note type is: cloze; one template (basic); two (basic and reversed). */
function kindOf(noteType: AnkiNoteType | undefined): CardKind | null {
  if (!noteType) return null;
  if (noteType.type === 1) return 'cloze';
  if (noteType.templates.length === 1) return 'basic';
  if (noteType.templates.length === 2) return 'reversed';
  return null;
}

/** Anki numbers cloze cards from 0 (c1 is card 0); ours by the cloze number. */
const ordinalOf = (kind: CardKind, ord: number) => (kind === 'cloze' ? ord + 1 : ord);

/**
 * Control characters (C0) out of a name or tag, as `fromAnkiHtml` takes them out of fronts and backs: the database
 * cannot store NUL (the preview listed such a deck, then the import was refused), and none of them is visible.
 * Line breaks and tabs in a deck name become spaces; a tag has none (Anki separates tags with whitespace). Half a
 * surrogate pair (deck names come from JSON, which can hold one) becomes U+FFFD, as the database would store it.
 */
const storableName = (text: string) =>
  wellFormedText(text)
    .replace(/[\t\n\v\f\r]/g, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f]/g, '');

/** The first `max` UTF-16 units, less half of a pair the cut would leave at the end (jsonb refuses one: a 500). */
const cut = (text: string, max: number) => text.slice(0, max).replace(/[\ud800-\udbff]$/, '');

/**
 * A deck name Turtle accepts: Anki's subdecks ("A::B") keep their full path and stay subdecks (docs/decisions/041-subdecks.md),
 * cut to the longest name allowed.
 */
function deckNameOf(name: string): string {
  const parsed = DeckNameSchema.safeParse(cut(storableName(name), DECK_NAME_MAX_LENGTH));
  return parsed.success ? parsed.data : 'Imported from Anki';
}

/**
 * Turns a package's rows into the notes to create, without saving anything, and the summary the preview shows:
 * what comes in per deck and kind, the history, and what is left out (media, note types Turtle has no kind for,
 * notes already here, notes whose text is not a card).
 */
export function planApkgImport(
  collection: AnkiCollection,
  context: { existingNoteIds: Set<string>; decksByName: Map<string, { name: string }> },
  budget: ApkgBudget = APKG_BUDGET,
): ApkgPlan {
  const cardsByNote = new Map<number, AnkiCard[]>();
  for (const card of collection.cards) {
    const list = cardsByNote.get(card.noteId) ?? [];
    list.push(card);
    cardsByNote.set(card.noteId, list);
  }
  const reviewsByCard = new Map<number, AnkiReview[]>();
  for (const review of collection.reviews) {
    // Only grades: a manual reschedule (type 4 or 5, or ease 0) is not a review, nor a row without a time.
    if (review.ease < 1 || review.ease > 4 || review.type > 3 || !Number.isFinite(review.at)) continue;
    const list = reviewsByCard.get(review.cardId) ?? [];
    list.push(review);
    reviewsByCard.set(review.cardId, list);
  }
  const byDeck = new Map<string, PlannedNote[]>();
  const deckCounts = new Map<string, { notes: number; cards: number }>();
  const unknown = new Map<string, number>();
  const skipped = {
    mediaFiles: collection.mediaFiles,
    notesWithMedia: 0,
    alreadyHere: 0,
    invalid: 0,
    reasons: [] as string[],
  };
  const byKind: Record<CardKind, number> = { basic: 0, reversed: 0, cloze: 0 };
  const samples: ApkgSummary['samples'] = [];
  const media = new PlannedMedia(collection.media);
  let cards = 0;
  let reviews = 0;
  let cardsWithHistory = 0;
  for (const note of collection.notes) {
    const noteType = collection.noteTypes.get(note.modelId);
    const kind = kindOf(noteType);
    if (!kind) {
      const name = noteType?.name ?? 'Missing note type';
      unknown.set(name, (unknown.get(name) ?? 0) + 1);
      continue;
    }
    if (context.existingNoteIds.has(note.guid)) {
      skipped.alreadyHere++;
      continue;
    }
    // Longer than any card's text could be: not read at all (anki-read.ts cut it at the cap).
    if (note.oversized) {
      skipped.invalid++;
      if (skipped.reasons.length < REASONS)
        skipped.reasons.push(`note ${note.id}: ${budgetMessages.fieldChars(budget)}`);
      continue;
    }
    const front = fromAnkiHtml(note.fields[0] ?? '', media.lookup);
    const back = fromAnkiHtml(note.fields[1] ?? '', media.lookup);
    if (front.hadMedia || back.hadMedia) skipped.notesWithMedia++;
    const parsed = CardContentSchema.safeParse({
      kind,
      front: front.text,
      back: back.text,
      tags: note.tags
        .map((tag) => cut(storableName(tag), CARD_TAG_MAX_LENGTH))
        .filter(Boolean)
        .slice(0, CARD_TAGS_MAX),
    });
    if (!parsed.success) {
      skipped.invalid++;
      if (skipped.reasons.length < REASONS) {
        const where = front.text ? `“${front.text.slice(0, 40)}”` : `note ${note.id}`;
        skipped.reasons.push(`${where}: ${parsed.error.issues[0]?.message ?? 'not a card'}`);
      }
      continue;
    }
    const content = parsed.data;
    media.use([...front.media, ...back.media]);
    const ordinals = new Set(cardOrdinals(content.kind, content.front));
    const ankiCards = cardsByNote.get(note.id) ?? [];
    const history = new Map<number, AnkiReview[]>();
    const anki = new Map<number, AnkiCardState>();
    for (const card of ankiCards) {
      const ordinal = ordinalOf(kind, card.ord);
      const log = reviewsByCard.get(card.id);
      if (ordinals.has(ordinal) && log?.length) {
        history.set(ordinal, log);
        reviews += log.length;
        cardsWithHistory++;
      }
      const state = ordinals.has(ordinal) ? ankiCardState(card, collection.scheduling, log) : null;
      if (state) anki.set(ordinal, state);
    }
    const ankiDeck = collection.decks.get(ankiCards[0]?.deckId ?? 1) ?? 'Default';
    const wanted = deckNameOf(ankiDeck);
    const deck = context.decksByName.get(wanted.toLowerCase())?.name ?? wanted;
    const list = byDeck.get(deck) ?? [];
    list.push({ guid: note.guid, content, history, ...(anki.size ? { anki } : {}) });
    byDeck.set(deck, list);
    const counts = deckCounts.get(deck) ?? { notes: 0, cards: 0 };
    counts.notes++;
    counts.cards += ordinals.size;
    deckCounts.set(deck, counts);
    byKind[kind]++;
    cards += ordinals.size;
    if (samples.length < SAMPLES) samples.push({ kind, front: content.front, back: content.back, deck });
  }
  return {
    byDeck,
    summary: {
      decks: [...deckCounts].map(([name, counts]) => ({
        name,
        ...counts,
        isNew: !context.decksByName.has(name.toLowerCase()),
      })),
      notes: [...deckCounts.values()].reduce((sum, counts) => sum + counts.notes, 0),
      cards,
      byKind,
      reviews,
      cardsWithHistory,
      skipped: {
        ...skipped,
        mediaFiles: media.notKept(collection.mediaFiles),
        unknownNoteTypes: [...unknown].map(([name, notes]) => ({ name, notes })),
      },
      samples,
    },
    media,
  };
}
