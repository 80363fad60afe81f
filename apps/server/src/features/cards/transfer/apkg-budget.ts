import { APKG_MAX_CARDS } from '@turtle/shared/cards-import';
import { HttpError } from '../../../lib/http-error';

/**
 * What one Anki package import may cost (docs/decisions/034-import-budget.md). Every cap is checked before
 * the work it bounds, and a package over one is refused with a message naming it; nothing is stored.
 */
export interface ApkgBudget {
  /** The collection uncompressed, as the zip directory declares it and as counted while inflating (and, for
   * `collection.anki21b`, as its zstd frames declare it and as counted while decompressing). */
  collectionBytes: number;
  /** Rows read from `notes` (and fewer than `APKG_MAX_CARDS` rows from `cards`). */
  notes: number;
  /** Rows read from `revlog`, the whole package's review history. */
  reviews: number;
  /** Reviews of any one card. */
  reviewsPerCard: number;
  /** A note's front or back as HTML, before it is read; a longer one is skipped as not a card. */
  fieldChars: number;
  /** The note types' and decks' JSON in `col`, together. */
  colJsonChars: number;
  /** Rows of `sqlite_master` (tables, indexes). Anki's own collections have about 20. */
  schemaRows: number;
  /** The worker's JavaScript heap (V8's old generation). */
  workerHeapMb: number;
  /** From the worker's start to its last answer. */
  workerMs: number;
  /** Imports read at once in one process; more wait their turn, `queued` at most. */
  concurrent: number;
  queued: number;
}

const MB = 1024 * 1024;

export const APKG_BUDGET: Readonly<ApkgBudget> = Object.freeze({
  collectionBytes: 256 * MB,
  notes: APKG_MAX_CARDS,
  reviews: 300_000,
  reviewsPerCard: 5_000,
  fieldChars: 100_000,
  colJsonChars: 16 * MB,
  schemaRows: 1_000,
  workerHeapMb: 512,
  workerMs: 60_000,
  concurrent: 1,
  queued: 8,
});

const count = (value: number) => value.toLocaleString('en-US');
const megabytes = (bytes: number) => `${count(Math.ceil(bytes / MB))} MB`;
const seconds = (ms: number) => `${count(ms / 1000)} second${ms === 1000 ? '' : 's'}`;

/** A package Turtle will not read: a 400 whose message says what is wrong and that nothing was imported. */
export const refused = (message: string) => new HttpError(400, 'validation', `${message} Nothing was imported.`);

export const budgetMessages = {
  collectionDeclared: (bytes: number, budget: ApkgBudget) =>
    `The collection inside this package is ${megabytes(bytes)} uncompressed, Turtle reads at most ${megabytes(budget.collectionBytes)}.`,
  collectionInflated: (budget: ApkgBudget) =>
    `The collection inside this package is over ${megabytes(budget.collectionBytes)} uncompressed, Turtle reads at most ${megabytes(budget.collectionBytes)}.`,
  notes: (budget: ApkgBudget) =>
    `This package has more than ${count(budget.notes)} notes, Turtle imports at most ${count(budget.notes)}.`,
  reviews: (budget: ApkgBudget) =>
    `This package has more than ${count(budget.reviews)} reviews, Turtle imports at most ${count(budget.reviews)}.`,
  reviewsPerCard: (budget: ApkgBudget) =>
    `A card in this package has more than ${count(budget.reviewsPerCard)} reviews, Turtle imports at most ${count(budget.reviewsPerCard)} per card.`,
  colJson: (budget: ApkgBudget) =>
    `This package’s note types and decks take more than ${megabytes(budget.colJsonChars)}, Turtle reads at most ${megabytes(budget.colJsonChars)}.`,
  schemaRows: (budget: ApkgBudget) =>
    `This package’s collection defines more than ${count(budget.schemaRows)} tables and indexes, Turtle reads at most ${count(budget.schemaRows)}.`,
  fieldChars: (budget: ApkgBudget) => `a field is over ${count(budget.fieldChars)} characters of HTML`,
  memory: (budget: ApkgBudget) =>
    `Reading this package needs more than ${count(budget.workerHeapMb)} MB of memory, Turtle’s limit for one import.`,
  time: (budget: ApkgBudget) =>
    `Reading this package takes more than ${seconds(budget.workerMs)}, Turtle’s limit for one import.`,
};
