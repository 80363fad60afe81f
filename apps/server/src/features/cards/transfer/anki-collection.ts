import type { PackageMedia } from './apkg-media';
import type { AnkiCardScheduling, AnkiScheduling } from './anki-fsrs';
/** An Anki collection as Turtle reads it (anki-read.ts): plain rows, what the import plans from. */

export interface AnkiNoteType {
  id: number;
  name: string;
  /** 1 for cloze note types, 0 for standard ones. */
  type: number;
  fieldNames: string[];
  /** Question and answer formats (docs/decisions/042-anki-note-types.md). */
  templates: { name: string; qfmt: string; afmt: string }[];
  css: string;
}

export interface AnkiNote {
  id: number;
  guid: string;
  modelId: number;
  /** Its fields as HTML, in the note type's order. */
  fields: string[];
  tags: string[];
  /** A field is longer than the budget's `fieldChars`, or all of them than twice that: the note is skipped unread. */
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
