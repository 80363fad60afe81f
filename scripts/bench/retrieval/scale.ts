// The one index at scale (docs/decisions/050-cards-from-a-source.md): one learner with 10,000 notes of ten sections,
// about 100,000 passages, written as the notes' saves write them (in batches, through indexSources). Then: the search
// box's p50 and p99, the time from a note's save to a search that finds it, and the chat's retrieval before a reply's
// first token (what it adds before the model is asked).
import { randomUUID } from 'node:crypto';
import { notes } from '../../../apps/server/src/core/notes/notes.tables';
import {
  indexSources,
  retrievePassages,
  searchPassages,
} from '../../../apps/server/src/core/knowledge/passages.repository';
import { lessonsOpenTo } from '../../../apps/server/src/core/lessons/lesson-passages';
import { insertNote } from '../../../apps/server/src/core/notes/notes.repository';
import { benchDatabase, benchUser, indexLessons } from './bench-retrieval';

export const SCALE_BENCH = { notes: 10_000, goals: { searchP99Ms: 50, searchableMs: 1000, retrievalP50Ms: 30 } };
const NOTES = Number(process.env.BENCH_RETRIEVAL_NOTES ?? SCALE_BENCH.notes);
const SECTIONS = 10;
const BATCH = 100;

/** A deterministic vocabulary: common words and 20,000 made-up ones, drawn with a skew (a few words are frequent). */
const COMMON =
  'time money plan note idea study review habit market index fund price growth risk lesson card memory practice language music water energy city history science garden health travel book friend'.split(
    ' ',
  );
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ten',
  'sar',
  'vu',
  'pel',
  'dor',
  'ix',
  'ne',
  'bra',
  'qui',
  'zo',
  'fen',
  'tal',
  'rum',
];
const VOCABULARY = [
  ...COMMON,
  ...Array.from({ length: 20_000 }, (_, i) => {
    let word = '';
    for (let n = i + 1; n > 0; n = Math.floor(n / SYLLABLES.length)) word += SYLLABLES[n % SYLLABLES.length];
    return word.length < 4 ? `${word}ra` : word;
  }),
];
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const word = () => VOCABULARY[Math.floor(VOCABULARY.length * random() ** 3)]!;
const words = (count: number) => Array.from({ length: count }, word).join(' ');

function noteText(): string {
  return Array.from({ length: SECTIONS }, () => `# ${words(3)}\n\n${words(40)}. ${words(30)}.`).join('\n\n');
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

export interface ScaleFigures {
  engine: string;
  notes: number;
  passages: number;
  seedMs: number;
  search: { p50: number; p99: number; runs: number };
  searchable: { p50: number; max: number; runs: number };
  retrieval: { p50: number; p99: number; runs: number };
}

export async function benchRetrievalScale(url: string | undefined): Promise<ScaleFigures> {
  const bench = await benchDatabase(url);
  try {
    const { database } = bench;
    const db = database.db;
    await indexLessons(database);
    const userId = await benchUser(database, 'Bench reader');
    const seeding = performance.now();
    for (let from = 0; from < NOTES; from += BATCH) {
      const now = Date.now();
      const batch = Array.from({ length: Math.min(BATCH, NOTES - from) }, (_, i) => ({
        id: randomUUID(),
        userId,
        name: `Note ${from + i} ${words(2)}`,
        content: noteText(),
        createdAt: now,
        updatedAt: now,
        lastAccessAt: now,
      }));
      await db.transaction(async (tx) => {
        await tx.insert(notes).values(batch);
        await indexSources(
          tx,
          userId,
          'note',
          batch.map((note) => ({ sourceId: note.id, title: note.name, text: note.content })),
          now,
        );
      });
    }
    await db.execute('analyze');
    const seedMs = performance.now() - seeding;
    const counted = (await db.execute(
      `select count(*)::int as n from passages where user_id = '${userId}'`,
    )) as unknown as {
      rows: { n: number }[];
    };
    const scope = { lessons: lessonsOpenTo() };

    const searchTimes: number[] = [];
    for (let run = -10; run < 200; run++) {
      const [ms] = await timed(() => searchPassages(db, userId, run % 3 === 0 ? word() : `${word()} ${word()}`, scope));
      if (run >= 0) searchTimes.push(ms);
    }
    const searchableTimes: number[] = [];
    for (let run = 0; run < 20; run++) {
      const marker = `zq${randomUUID().replace(/[\d-]/g, '').slice(0, 10)}`;
      const [ms, found] = await timed(async () => {
        const now = Date.now();
        await insertNote(db, {
          id: randomUUID(),
          userId,
          name: `Saved ${run}`,
          content: `${noteText()}\n\nThe ${marker} is here.`,
          createdAt: now,
          updatedAt: now,
          lastAccessAt: now,
        });
        return searchPassages(db, userId, marker, scope);
      });
      if (found.length !== 1) throw new Error(`a saved note was not found at once (${found.length} results)`);
      searchableTimes.push(ms);
    }
    const retrievalTimes: number[] = [];
    for (let run = -5; run < 100; run++) {
      const question = `What did I write about the ${word()} and ${word()} of my ${word()} plan?`;
      const [ms] = await timed(() => retrievePassages(db, userId, question, { limit: 5, perSource: 2, ...scope }));
      if (run >= 0) retrievalTimes.push(ms);
    }
    return {
      engine: database.kind,
      notes: NOTES,
      passages: counted.rows[0]!.n,
      seedMs,
      search: { p50: percentile(searchTimes, 50), p99: percentile(searchTimes, 99), runs: searchTimes.length },
      searchable: {
        p50: percentile(searchableTimes, 50),
        max: Math.max(...searchableTimes),
        runs: searchableTimes.length,
      },
      retrieval: {
        p50: percentile(retrievalTimes, 50),
        p99: percentile(retrievalTimes, 99),
        runs: retrievalTimes.length,
      },
    };
  } finally {
    await bench.close();
  }
}
