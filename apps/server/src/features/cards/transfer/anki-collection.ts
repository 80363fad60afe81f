import type { PackageMedia } from './apkg-media';
import type { AnkiCardScheduling, AnkiScheduling } from './anki-fsrs';
/** An Anki collection as Turtle reads it (anki-read.ts): plain rows, what the import plans from. */

export interface AnkiNoteType {
  id: number;
  name: string;
  /** 1 for cloze note types, 0 for standard ones. */
  type: number;
  fieldNames: string[];
  templates: { name: string; qfmt: string }[];
}

export interface AnkiNote {
  id: number;
  guid: string;
  modelId: number;
  /** The first two fields (front and back) as HTML; the rest are not read. */
  fields: string[];
  tags: string[];
  /** The front or the back is longer than the budget's `fieldChars`: the note is skipped unread. */
  oversized?: boolean;
}

export interface AnkiCard {
  id: number;
  noteId: number;
  deckId: number;
  ord: number;
  /** Its scheduling columns and `data` (docs/decisions/040-anki-fsrs-state.md). */
  scheduling?: AnkiCardScheduling;
}

export interface AnkiReview {
  /** When, in ms (the revlog's id). */
  at: number;
  cardId: number;
  /** 1-4; 0 marks a manual reschedule. */
  ease: number;
  /** 0 learn, 1 review, 2 relearn, 3 filtered, 4 manual, 5 rescheduled. */
  type: number;
  timeMs: number;
}

export interface AnkiCollection {
  noteTypes: Map<number, AnkiNoteType>;
  decks: Map<number, string>;
  notes: AnkiNote[];
  cards: AnkiCard[];
  reviews: AnkiReview[];
  mediaFiles: number;
  /** How the collection counts days and whether FSRS is on (docs/decisions/040-anki-fsrs-state.md). */
  scheduling?: AnkiScheduling;
  /** The media files Turtle keeps, by name, and those it does not (docs/decisions/038-card-media.md). */
  media?: PackageMedia;
}
