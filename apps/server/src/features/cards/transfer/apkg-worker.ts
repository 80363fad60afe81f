// The Anki import's worker thread (docs/decisions/034-import-budget.md): reads one package (unzip, SQLite through
// sql.js), plans the import and replays its review history through FSRS, so none of it runs on the server's event
// loop. It runs within the budget its parent gives (apkg-budget.ts): a heap limit and a deadline from the parent, the
// caps here, checked before the work each bounds. It writes nothing anywhere; the parent looks the notes up and
// writes the import. Started by file path (apkg-job.ts); the built server has it as an entry of its own
// (scripts/lib/build-app.mjs).
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { ApkgMediaSummary } from '@turtle/shared/card-media';
import type { ApkgSummary } from '@turtle/shared/cards-import';
import type { AnkiNoteTypeDefinition } from '@turtle/shared/cards-template';
import { HttpError } from '../../../lib/http-error';
import type { SchedulerSettings } from '../review/scheduler';
import { readApkg } from './anki-read';
import type { ApkgBudget } from './apkg-budget';
import type { PackageMediaFile } from './apkg-media';
import type { PackedNote } from './apkg-replay';

export interface ApkgWorkerInput {
  bytes: Uint8Array;
  budget: ApkgBudget;
  /** The learner's scheduler, to replay the history with; null for a preview (nothing is replayed). */
  replay: SchedulerSettings | null;
  /** The learner's zone, whose study days the replay counts elapsed days in. */
  zone: string;
}

/** What the parent answers to `read`: which of the guids are notes the person has, and their deck names. */
export interface ApkgWorkerContext {
  existingNoteIds: string[];
  deckNames: string[];
}

export type ApkgWorkerMessage =
  /** The package is read; the guids that may be Turtle's own note ids (a Turtle export's). */
  | { type: 'read'; guids: string[] }
  | {
      type: 'planned';
      summary: Omit<ApkgSummary, 'allowance' | 'media'>;
      /** Only when asked to replay. */
      byDeck: [string, PackedNote[]][] | null;
      /** The note types the notes keep as they are (docs/decisions/042-anki-note-types.md). */
      noteTypes: AnkiNoteTypeDefinition[];
      /** The images and sounds the notes use; their bytes only when asked to replay (an import, not a preview). */
      media: { summary: Omit<ApkgMediaSummary, 'quota'>; files: PackageMediaFile[] | null };
    }
  | { type: 'refused'; status: number; code: HttpError['code']; message: string }
  | { type: 'failed'; message: string };

/**
 * Lower than the server's own thread (on Linux a thread's priority is its own): when both want the CPU, the
 * requests go first and the import waits, about nine to one.
 */
const NICE = 10;
try {
  setPriority(NICE);
} catch {
  // Not allowed here (some containers): the import runs at the server's priority.
}

const port = parentPort!;
const post = (message: ApkgWorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const context = new Promise<ApkgWorkerContext>((resolve) => port.once('message', resolve));

async function run({ bytes, budget, replay, zone }: ApkgWorkerInput) {
  const collection = await readApkg(bytes, budget);
  // Loaded once the package is read: a refused one never pays for the schemas and the scheduler.
  const { mayBeTurtleNoteId, planApkgImport } = await import('./anki-import-plan');
  const { packPlan } = await import('./apkg-replay');
  const { LogBytes } = await import('./apkg-log-bytes');
  // Only a guid that may be one of Turtle's note ids is looked up.
  post({ type: 'read', guids: [...new Set(collection.notes.map((note) => note.guid).filter(mayBeTurtleNoteId))] });
  const { existingNoteIds, deckNames } = await context;
  const plan = planApkgImport(
    collection,
    {
      existingNoteIds: new Set(existingNoteIds),
      decksByName: new Map(deckNames.map((name) => [name.toLowerCase(), { name }])),
    },
    budget,
  );
  // What the plan does not keep of the rows goes before the replay, the worker's largest step.
  collection.notes = [];
  collection.cards = [];
  collection.reviews = [];
  const logBytes = new LogBytes();
  const byDeck = replay ? packPlan(plan.byDeck, replay, zone, logBytes) : null;
  const files = replay ? plan.media.files() : null;
  // The log's buffers and the media's bytes are handed over, not copied (docs/decisions/034-import-budget.md): the
  // server's thread holds them alone, and no copy of the plan is made in between.
  post(
    {
      type: 'planned',
      summary: plan.summary,
      byDeck,
      noteTypes: plan.noteTypes,
      media: { summary: plan.media.summary(), files },
    },
    [...logBytes.buffers, ...transferable(files?.map((file) => file.bytes) ?? [])],
  );
}

/**
 * The buffers under these bytes that can be handed over: each once, and none of Node's shared pool of small buffers
 * (at most `Buffer.poolSize` bytes, which may not be transferred), whose bytes are copied instead.
 */
function transferable(views: Uint8Array[]): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const view of views) {
    if (view.buffer instanceof ArrayBuffer && view.buffer.byteLength > Buffer.poolSize) buffers.add(view.buffer);
  }
  return [...buffers];
}

// The parent ends the worker once it has the last message.
run(workerData as ApkgWorkerInput).catch((error: unknown) => {
  if (error instanceof HttpError)
    post({ type: 'refused', status: error.status, code: error.code, message: error.message });
  else post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
});
