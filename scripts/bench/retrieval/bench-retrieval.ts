// `npm run bench -- retrieval` (docs/decisions/050-cards-from-a-source.md): how well and how fast the one index
// answers. Quality: the corpus of corpus.ts (200 notes, 100 cards) and the lesson scripts, 100 questions with their
// answering passages, recall@5 and MRR (of the first 10) of the chat's keyword retrieval and of the search box, and
// of hybrid retrieval when semantic search exists (the fake upstream's embeddings; a real model's with
// EMBEDDING_MODEL). Speed (scale.ts): 10,000 notes, about 100,000 passages.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../apps/server/src/db/database';
import { runMigrations } from '../../../apps/server/src/db/migrate';
import { openDatabase } from '../../../apps/server/src/db/open-database';
import {
  indexSource,
  retrievePassages,
  searchPassages,
} from '../../../apps/server/src/core/knowledge/passages.repository';
import { indexSharedSources } from '../../../apps/server/src/core/knowledge/shared-passages';
import { defaultLessonsDir, loadLessonCatalog } from '../../../apps/server/src/core/lessons/lesson-catalog';
import { lessonPassages, lessonsOpenTo } from '../../../apps/server/src/core/lessons/lesson-passages';
import { insertNote } from '../../../apps/server/src/core/notes/notes.repository';
import { corpusCards, corpusNotes, corpusQuestions, lessonQuestions, type Answer, type Question } from './corpus';

/** What the bench reads of core/knowledge/semantic-index.ts, when the build has it (decision 048). */
interface SemanticModule {
  SemanticIndex: new (
    db: Database['db'],
    embed: (texts: string[]) => Promise<number[][]>,
    model: string,
    log: never,
  ) => {
    start(): Promise<void>;
    run(): Promise<void>;
    close(): void;
    use: string;
    status(userId: string): Promise<{ semantic: string }>;
  };
  registerSemanticIndex(db: Database['db'], index: unknown): void;
}

export interface Quality {
  method: string;
  questions: number;
  recallAt5: number;
  mrr: number;
  missed: string[];
}

/** A database for the bench: PGlite in a temporary folder, or the PostgreSQL of `url`. */
export async function benchDatabase(url: string | undefined) {
  const dataDir = url ? undefined : await fs.mkdtemp(path.join(os.tmpdir(), 'turtle-bench-retrieval-'));
  const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: dataDir! });
  await runMigrations(database);
  return {
    database,
    close: async () => {
      // A PostgreSQL that stays: the bench's people go, and their material with them (the foreign keys cascade).
      if (url) await database.db.execute(sql`delete from users where id like 'bench-%' and email like '%@bench.test'`);
      await database.close();
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function benchUser(database: Database, name: string): Promise<string> {
  const id = `bench-${randomUUID()}`;
  await database.db.execute(
    sql`insert into users (id, name, email, created_at) values (${id}, ${name}, ${`${id}@bench.test`}, now())`,
  );
  return id;
}

/** The lesson scripts in the index, shared as the server writes them at start (decision 039). */
export async function indexLessons(database: Database) {
  const catalog = await loadLessonCatalog(defaultLessonsDir());
  const sources = catalog.lessons
    .filter(({ lesson }) => lesson.ready)
    .map(({ lesson }) => ({
      kind: 'lesson' as const,
      sourceId: lesson.id,
      title: lesson.title,
      passages: lessonPassages(lesson.transcript),
    }));
  await indexSharedSources(database.db, 'lesson', sources, Date.now());
}

async function seedCorpus(database: Database, userId: string) {
  const db = database.db;
  const noteIds: string[] = [];
  const now = Date.now();
  for (const note of corpusNotes()) {
    const id = randomUUID();
    noteIds.push(id);
    await insertNote(db, { id, userId, ...note, createdAt: now, updatedAt: now, lastAccessAt: now });
  }
  const cardIds: string[] = [];
  for (const card of corpusCards()) {
    const id = randomUUID();
    cardIds.push(id);
    // As the cards feature writes a card note (decision 044): its front and back, titled by its front.
    await indexSource(
      db,
      {
        userId,
        kind: 'card',
        sourceId: id,
        parentId: 'bench-deck',
        title: card.front,
        text: `${card.front}\n\n${card.back}`,
      },
      now,
    );
  }
  const result = await db.execute(
    sql`select source_id as "sourceId", position, body from passages where kind = 'lesson' and user_id is null order by source_id, position`,
  );
  const lessons = (result as unknown as { rows: { sourceId: string; position: number; body: string }[] }).rows;
  return { noteIds, cardIds, questions: [...corpusQuestions(), ...lessonQuestions(lessons)] };
}

type Found = { kind: string; sourceId: string; position: number };
type Ask = (question: string) => Promise<Found[]>;

function answers(found: Found, wanted: Answer[], noteIds: string[], cardIds: string[]) {
  return wanted.some((answer) => {
    if (answer.kind !== found.kind) return false;
    if (answer.kind === 'note')
      return found.sourceId === noteIds[answer.source as number] && found.position === answer.position;
    if (answer.kind === 'card') return found.sourceId === cardIds[answer.source as number];
    return found.sourceId === answer.source && found.position === answer.position;
  });
}

async function measureQuality(
  method: string,
  ask: Ask,
  questions: Question[],
  noteIds: string[],
  cardIds: string[],
): Promise<Quality> {
  let hits = 0;
  let reciprocal = 0;
  const missed: string[] = [];
  for (const question of questions) {
    const found = await ask(question.text);
    const rank = found.findIndex((passage) => answers(passage, question.answers, noteIds, cardIds));
    if (rank >= 0 && rank < 5) hits++;
    else missed.push(question.text);
    if (rank >= 0) reciprocal += 1 / (rank + 1);
  }
  return {
    method,
    questions: questions.length,
    recallAt5: hits / questions.length,
    mrr: reciprocal / questions.length,
    missed,
  };
}

/** The chat's retrieval (any word may match, more rank higher) and the search box's (every word), 10 passages each. */
const keywordAsks = (database: Database, userId: string): [string, Ask][] => [
  [
    "keyword, the chat's retrieval",
    (q) => retrievePassages(database.db, userId, q, { limit: 10, perSource: 10, lessons: lessonsOpenTo() }),
  ],
  ['keyword, the search box', (q) => searchPassages(database.db, userId, q, { limit: 10, lessons: lessonsOpenTo() })],
];

/**
 * Semantic search, where it exists (docs/decisions/048-semantic-search.md): the passages embedded by `embed`, then the
 * same questions through the chat's retrieval, which fuses keyword and nearest passages.
 */
async function hybridQuality(
  database: Database,
  userId: string,
  model: string,
  embed: (texts: string[]) => Promise<number[][]>,
  run: (ask: Ask) => Promise<Quality>,
): Promise<Quality | string> {
  const semanticPath = '../../../apps/server/src/core/knowledge/semantic-index.ts';
  const semantic = (await import(semanticPath).catch(() => undefined)) as SemanticModule | undefined;
  if (!semantic?.SemanticIndex) return 'no semantic search in this build';
  const silent = { info() {}, warn() {}, error() {} };
  const index = new semantic.SemanticIndex(database.db, embed, model, silent as never);
  await index.start();
  if (index.use === 'off') return 'semantic search is off on this database (no pgvector)';
  semantic.registerSemanticIndex(database.db, index);
  const running = index.run();
  for (;;) {
    const status = await index.status(userId);
    if (status.semantic === 'ready') break;
    if (status.semantic === 'unavailable') return 'the embedding model failed';
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  try {
    return await run((q) =>
      retrievePassages(database.db, userId, q, { limit: 10, perSource: 10, lessons: lessonsOpenTo() }),
    );
  } finally {
    index.close();
    await running;
  }
}

export interface RetrievalQuality {
  engine: string;
  keyword: Quality[];
  hybrid: { name: string; result: Quality | string }[];
}

export async function benchRetrievalQuality(url: string | undefined): Promise<RetrievalQuality> {
  const bench = await benchDatabase(url);
  try {
    const { database } = bench;
    await indexLessons(database);
    const userId = await benchUser(database, 'Bench learner');
    const { noteIds, cardIds, questions } = await seedCorpus(database, userId);
    const run = (method: string) => (ask: Ask) => measureQuality(method, ask, questions, noteIds, cardIds);
    const keyword: Quality[] = [];
    for (const [method, ask] of keywordAsks(database, userId)) keyword.push(await run(method)(ask));
    const hybrid: RetrievalQuality['hybrid'] = [];
    const fakePath = '../../../apps/server/test/support/fake-embeddings.ts';
    const fake = (await import(fakePath).catch(() => undefined)) as
      { fakeEmbedding?: (text: string) => number[] } | undefined;
    if (fake?.fakeEmbedding) {
      const embed = async (texts: string[]) => texts.map((text) => fake.fakeEmbedding!(text));
      hybrid.push({
        name: "hybrid, the fake upstream's embeddings",
        result: await hybridQuality(database, userId, 'bench-fake', embed, run('hybrid (fake)')),
      });
    } else hybrid.push({ name: 'hybrid, fake embeddings', result: 'no fake embeddings in this checkout' });
    if (process.env.EMBEDDING_MODEL) {
      const { createEmbedder } = await import('../../../apps/server/src/core/knowledge/embedding-client');
      const { loadConfig } = await import('../../../apps/server/src/config/config');
      const config = loadConfig(process.env).embeddings!;
      hybrid.push({
        name: `hybrid, ${config.model}`,
        result: await hybridQuality(
          database,
          userId,
          config.model,
          createEmbedder(config),
          run(`hybrid (${config.model})`),
        ),
      });
    }
    return { engine: database.kind, keyword, hybrid };
  } finally {
    await bench.close();
  }
}
