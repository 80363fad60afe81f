import { z } from './zod';
import type { ApkgMediaSummary } from './card-media';
import { IdSchema, type CardAllowance, type CardKind } from './cards';

/**
 * CSV import and export (docs/decisions/012-flashcards.md). Columns: front, back, deck, tags (space-separated) and,
 * optionally, type (basic, reversed or cloze; without it a front with `{{c1::…}}` is cloze, else basic). A first
 * row made only of column names is a header and may put them in any order.
 */
export const CSV_COLUMNS = ['front', 'back', 'deck', 'tags', 'type'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

export const CARD_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const CARD_IMPORT_MAX_ROWS = 10_000;
/** The preview shows this many rows (every error is listed all the same). */
export const CARD_IMPORT_PREVIEW_ROWS = 50;

export const IMPORT_TOO_LARGE_MESSAGE = 'The file is over 5 MB. Split it into smaller files.';
export const IMPORT_TOO_MANY_ROWS_MESSAGE = `The file has more than ${CARD_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files.`;

export const ImportBodySchema = z.object({
  csv: z.string({ error: 'Send the CSV file’s text.' }),
  /** The deck for rows whose deck cell is empty. */
  deckId: IdSchema.optional(),
  /** Make the decks the file names that do not exist yet (else such a row is an error). */
  createMissingDecks: z.boolean().default(false),
});
export type ImportBody = z.infer<typeof ImportBodySchema>;

export interface ImportRow {
  /** 1-based, as a spreadsheet numbers it (the header is row 1 when there is one). */
  row: number;
  kind: CardKind;
  front: string;
  back: string;
  deck: string;
  tags: string[];
}

export interface ImportRowError {
  row: number;
  message: string;
}

/** `POST /api/cards/import/preview`: nothing is saved. */
export interface ImportPreview {
  totalRows: number;
  rows: ImportRow[];
  errors: ImportRowError[];
  /** Decks the import would make. */
  newDecks: string[];
  /** Cards the import would add (a reversed row is two, a cloze row one per number). */
  cards: number;
  allowance: CardAllowance;
  /**
   * Rows of an export's kept Anki notes (its `note type` and `field N` columns) that become notes of the person's
   * note type of that name, with their cards (docs/decisions/047-anki-note-fields-and-styles.md).
   */
  keptNoteTypeNotes: number;
  /** Rows naming a note type the person does not have (or fields that make no card of it): basic notes instead. */
  unknownNoteTypeNotes: number;
}

export interface ImportResponse {
  imported: number;
  cards: number;
  allowance: CardAllowance;
  /** As in `ImportPreview`: notes of the person's note types, and rows that named one they do not have. */
  keptNoteTypeNotes: number;
  unknownNoteTypeNotes: number;
}

export const ExportQuerySchema = z.object({
  format: z.enum(['csv', 'apkg'], { error: 'Export as csv or apkg.' }),
  deckId: IdSchema.optional(),
});

/** Anki packages (`.apkg`, decision 013): at most 50 MB and fewer than 100,000 cards. */
export const APKG_MAX_BYTES = 50 * 1024 * 1024;
export const APKG_MAX_CARDS = 100_000;
export const APKG_TOO_LARGE_MESSAGE = 'The package is over 50 MB. Export fewer decks, or leave the media out.';
export const APKG_TOO_MANY_CARDS_MESSAGE = `The package has ${APKG_MAX_CARDS.toLocaleString('en-US')} cards or more. Export fewer decks at a time.`;

/** What an Anki package would bring in (the preview) or brought in (the summary). */
export interface ApkgSummary {
  /** Decks and how many notes and cards each brings. */
  decks: { name: string; notes: number; cards: number; isNew: boolean }[];
  notes: number;
  cards: number;
  byKind: Record<CardKind, number>;
  /** Logged reviews brought along (the history the schedule and the optimizer start from). */
  reviews: number;
  /** Cards that come with a review history (the rest start new). */
  cardsWithHistory: number;
  /**
   * Note types kept as they are (their notes keep every field and show as their templates draw them), with how many
   * notes each (docs/decisions/042-anki-note-types.md). Their notes are counted in `byKind` as basic or cloze.
   */
  noteTypes?: { name: string; notes: number }[];
  skipped: {
    /** Media files in the package not kept: not an image or sound Turtle keeps, or used by no imported card. */
    mediaFiles: number;
    /** Notes whose text referred to media that is not kept; the text is kept without it. */
    notesWithMedia: number;
    /**
     * Note types whose notes are left out, with how many notes each: a missing one, or one whose cards show nothing
     * Turtle keeps (docs/decisions/042-anki-note-types.md).
     */
    unknownNoteTypes: { name: string; notes: number }[];
    /** Notes already in Turtle (a Turtle export imported again). */
    alreadyHere: number;
    /** Notes whose text is not a card (an empty front, too long, a cloze without deletions), with the first reasons. */
    invalid: number;
    reasons: string[];
  };
  /** Examples of what the cards will look like. */
  samples: { kind: CardKind; front: string; back: string; deck: string }[];
  allowance: CardAllowance;
  /** The images and sounds the cards use, kept with them (docs/decisions/038-card-media.md). */
  media?: ApkgMediaSummary;
}
