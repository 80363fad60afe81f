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
import type { AnkiNoteTypeDefinition, CardNoteSide } from '@turtle/shared/cards-template';
import { wellFormedText } from '@turtle/shared/text';
import { fromAnkiHtml } from './anki-html';
import { ankiCardState, type AnkiCardState } from './anki-import-state';
import type { AnkiCard, AnkiCollection, AnkiReview } from './anki-collection';
import { builtInKind, keepNote, noteTypeDefinition } from './anki-import-note-types';
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
  /**
   * A note of a note type Turtle keeps as it is (docs/decisions/042-anki-note-types.md): the type (an index into the
   * plan's `noteTypes`), its fields and its cards' sides.
   */
  custom?: { noteType: number; fields: string[]; sides: CardNoteSide[] };
  /** Our card ordinal → the deck (by name as it will be) of a card that sits in another deck than the note. */
  cardDecks?: Map<number, string>;
}

export interface ApkgPlan {
  /** By deck name as it will be (an existing deck's own spelling). */
  byDeck: Map<string, PlannedNote[]>;
  summary: Omit<ApkgSummary, 'allowance'>;
  /** The package's images and sounds the planned notes use (docs/decisions/038-card-media.md). */
  media: PlannedMedia;
  /** The note types the notes' `custom` name. */
  noteTypes: AnkiNoteTypeDefinition[];
}

/** Turtle's note ids are UUIDs: only a guid like one can be a note of ours (a Turtle export's). */
const NOTE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const mayBeTurtleNoteId = (guid: string) => NOTE_ID.test(guid);

const SAMPLES = 5;
const REASONS = 5;

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
 * what comes in per deck and kind, the history, and what is left out (media, notes of a missing note type or whose
 * cards show nothing Turtle keeps, notes already here, notes whose text is not a card). A note type that is not one
 * of Turtle's kinds is kept with its notes (docs/decisions/042-anki-note-types.md); it counts as basic, or cloze.
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
  const noteTypes: AnkiNoteTypeDefinition[] = [];
  const noteTypeIndex = new Map<number, number>();
  const keptNotes = new Map<number, number>();
  const tags = (note: { tags: string[] }) =>
    note.tags
      .map((tag) => cut(storableName(tag), CARD_TAG_MAX_LENGTH))
      .filter(Boolean)
      .slice(0, CARD_TAGS_MAX);
  const skip = (reason: string) => {
    skipped.invalid++;
    if (skipped.reasons.length < REASONS) skipped.reasons.push(reason);
  };
  for (const note of collection.notes) {
    const noteType = collection.noteTypes.get(note.modelId);
    if (!noteType) {
      unknown.set('Missing note type', (unknown.get('Missing note type') ?? 0) + 1);
      continue;
    }
    if (context.existingNoteIds.has(note.guid)) {
      skipped.alreadyHere++;
      continue;
    }
    // Longer than any card's text could be: not read at all (anki-read.ts cut it at the cap).
    if (note.oversized) {
      skip(`note ${note.id}: ${budgetMessages.fieldChars(budget)}`);
      continue;
    }
    const builtIn = builtInKind(noteType);
    let content: CardContent;
    let custom: PlannedNote['custom'];
    let used: string[];
    let hadMedia: boolean;
    if (builtIn) {
      const front = fromAnkiHtml(note.fields[0] ?? '', media.lookup);
      const back = fromAnkiHtml(note.fields[1] ?? '', media.lookup);
      const parsed = CardContentSchema.safeParse({
        kind: builtIn,
        front: front.text,
        back: back.text,
        tags: tags(note),
      });
      if (front.hadMedia || back.hadMedia) skipped.notesWithMedia++;
      if (!parsed.success) {
        const where = front.text ? `“${front.text.slice(0, 40)}”` : `note ${note.id}`;
        skip(`${where}: ${parsed.error.issues[0]?.message ?? 'not a card'}`);
        continue;
      }
      [content, used, hadMedia] = [parsed.data, [...front.media, ...back.media], false];
    } else {
      const kept = keepNote(noteType, note.fields, media.lookup);
      if ('nothingShown' in kept) {
        unknown.set(noteType.name, (unknown.get(noteType.name) ?? 0) + 1);
        continue;
      }
      if ('reason' in kept) {
        skip(`note ${note.id} (${noteType.name}): ${kept.reason}`);
        continue;
      }
      const first = kept.sides[0]!;
      content = { kind: 'basic', front: first.question, back: first.answer, tags: tags(note) };
      if (!noteTypeIndex.has(noteType.id))
        noteTypeIndex.set(noteType.id, noteTypes.push(noteTypeDefinition(noteType)) - 1);
      custom = { noteType: noteTypeIndex.get(noteType.id)!, fields: kept.fields, sides: kept.sides };
      keptNotes.set(custom.noteType, (keptNotes.get(custom.noteType) ?? 0) + 1);
      [used, hadMedia] = [kept.media, kept.hadMedia];
    }
    if (hadMedia) skipped.notesWithMedia++;
    media.use(used);
    const ordinals = custom
      ? new Set(custom.sides.map((side) => side.ordinal))
      : new Set(cardOrdinals(content.kind, content.front));
    const ankiCards = (cardsByNote.get(note.id) ?? []).sort((a, b) => a.ord - b.ord);
    const history = new Map<number, AnkiReview[]>();
    const anki = new Map<number, AnkiCardState>();
    const cardDeckIds = new Map<number, number>();
    for (const card of ankiCards) {
      const ordinal = noteType.type === 1 ? card.ord + 1 : card.ord;
      if (!ordinals.has(ordinal)) continue;
      cardDeckIds.set(ordinal, card.deckId);
      const log = reviewsByCard.get(card.id);
      if (log?.length) {
        history.set(ordinal, log);
        reviews += log.length;
        cardsWithHistory++;
      }
      const state = ankiCardState(card, collection.scheduling, log);
      if (state) anki.set(ordinal, state);
    }
    // The note's deck is its first card's; a card in another deck stays there (docs/decisions/042-anki-note-types.md).
    const deckOf = (deckId: number | undefined) => {
      const wanted = deckNameOf(collection.decks.get(deckId ?? 1) ?? 'Default');
      return context.decksByName.get(wanted.toLowerCase())?.name ?? wanted;
    };
    const deck = deckOf(cardDeckIds.values().next().value ?? ankiCards[0]?.deckId);
    const cardDecks = new Map<number, string>();
    for (const [ordinal, deckId] of cardDeckIds) if (deckOf(deckId) !== deck) cardDecks.set(ordinal, deckOf(deckId));
    const list = byDeck.get(deck) ?? [];
    list.push({
      guid: note.guid,
      content,
      history,
      ...(anki.size ? { anki } : {}),
      ...(custom ? { custom } : {}),
      ...(cardDecks.size ? { cardDecks } : {}),
    });
    byDeck.set(deck, list);
    const counts = deckCounts.get(deck) ?? { notes: 0, cards: 0 };
    counts.notes++;
    deckCounts.set(deck, counts);
    for (const ordinal of ordinals) {
      const cardDeck = cardDecks.get(ordinal) ?? deck;
      const cardCounts = deckCounts.get(cardDeck) ?? { notes: 0, cards: 0 };
      cardCounts.cards++;
      deckCounts.set(cardDeck, cardCounts);
    }
    const kind = custom ? (noteType.type === 1 ? 'cloze' : 'basic') : content.kind;
    byKind[kind]++;
    cards += ordinals.size;
    if (samples.length < SAMPLES) samples.push({ kind: content.kind, front: content.front, back: content.back, deck });
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
      noteTypes: [...keptNotes].map(([index, notes]) => ({ name: noteTypes[index]!.name, notes })),
      skipped: {
        ...skipped,
        mediaFiles: media.notKept(collection.mediaFiles),
        unknownNoteTypes: [...unknown].map(([name, notes]) => ({ name, notes })),
      },
      samples,
    },
    media,
    noteTypes,
  };
}
