import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';

/*
 * The passages' vectors (docs/decisions/048-semantic-search.md): tables made at start, only where PostgreSQL has
 * pgvector's `vector` extension (PGlite's, or a server's that ships it), never by a migration, which must run on a
 * PostgreSQL without it. `semantic_model` names the model the vectors are of and their length; `passage_vectors`
 * holds one vector per passage, gone with its passage, with an HNSW index for cosine distance.
 */

const LOCK = sql`select pg_advisory_xact_lock(hashtext('turtle:semantic-index'))`;

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** Why the database holds no vectors: no `vector` extension to install, or one this role may not create. */
export type VectorStoreOff = { off: string };

/**
 * Creates the extension and the model's table when the server has pgvector; answers the length of the vectors
 * already held for `model`. Another model's vectors are dropped: a model change embeds everything again.
 */
export async function prepareVectorStore(db: Db, model: string): Promise<{ dimensions?: number } | VectorStoreOff> {
  const available = rowsOf<{ name: string }>(
    await db.execute(sql`select name from pg_available_extensions where name = 'vector'`),
  );
  if (available.length === 0) return { off: 'this PostgreSQL has no vector extension (pgvector)' };
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(LOCK);
      await tx.execute(sql`create extension if not exists vector`);
      await tx.execute(sql`create table if not exists semantic_model (
        id integer primary key default 1 check (id = 1), model text not null, dimensions integer not null)`);
      const [held] = rowsOf<{ model: string; dimensions: number }>(
        await tx.execute(sql`select model, dimensions from semantic_model`),
      );
      if (held?.model === model) return { dimensions: held.dimensions };
      await tx.execute(sql`drop table if exists passage_vectors`);
      await tx.execute(sql`delete from semantic_model`);
      return {};
    });
  } catch (error) {
    return { off: `the vector extension could not be set up (${(error as Error).message})` };
  }
}

/** The vectors' table, once the model's first answer says how long they are. Answers the length the table holds. */
export async function createVectorTable(db: Db, model: string, dimensions: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(LOCK);
    const [held] = rowsOf<{ dimensions: number }>(
      await tx.execute(sql`select dimensions from semantic_model where model = ${model}`),
    );
    if (held) return held.dimensions;
    await tx.execute(sql`insert into semantic_model (model, dimensions) values (${model}, ${dimensions})`);
    await tx.execute(
      sql.raw(`create table if not exists passage_vectors (
        passage_id text primary key references passages(id) on delete cascade,
        embedding vector(${Math.trunc(dimensions)}) not null)`),
    );
    await tx.execute(
      sql`create index if not exists passage_vectors_embedding_idx on passage_vectors using hnsw (embedding vector_cosine_ops)`,
    );
    return dimensions;
  });
}

export interface PassageToEmbed {
  id: string;
  title: string;
  body: string;
}

/**
 * Passages with no vector yet, after `afterId` in id order: a pass goes on from where it was. Before the model's
 * first answer there is no table of vectors: every passage is left.
 */
export async function passagesToEmbed(
  db: DbOrTx,
  afterId: string,
  limit: number,
  tableExists: boolean,
): Promise<PassageToEmbed[]> {
  if (!tableExists)
    return rowsOf<PassageToEmbed>(
      await db.execute(sql`select id, title, body from passages where id > ${afterId} order by id limit ${limit}`),
    );
  return rowsOf<PassageToEmbed>(
    await db.execute(sql`
      select p.id, p.title, p.body from passages p
      where p.id > ${afterId} and not exists (select 1 from passage_vectors v where v.passage_id = p.id)
      order by p.id limit ${limit}`),
  );
}

/** The text a passage's vector is of: its source's title, then its words. */
export const embeddedText = (passage: Pick<PassageToEmbed, 'title' | 'body'>) =>
  [passage.title, passage.body].filter((part) => part.trim() !== '').join('\n\n') || ' ';

/** pgvector's text form of a vector. */
export const vectorLiteral = (vector: number[]) => `[${vector.join(',')}]`;

/** Keeps the vectors of passages that still exist (one deleted meanwhile is skipped); a held one stays. */
export async function storeVectors(db: DbOrTx, rows: { id: string; vector: number[] }[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map(({ id, vector }) => ({ id, embedding: vectorLiteral(vector) })));
  await db.execute(sql`
    insert into passage_vectors (passage_id, embedding)
    select p.id, x.embedding::vector from jsonb_to_recordset(${json}::jsonb) as x(id text, embedding text)
      join passages p on p.id = x.id
    on conflict (passage_id) do nothing`);
}

/** How many of the person's own passages there are, and how many have their vector. */
export async function embeddingProgress(
  db: DbOrTx,
  userId: string,
  tableExists: boolean,
): Promise<{ embedded: number; total: number }> {
  if (!tableExists) {
    const [row] = rowsOf<{ total: number }>(
      await db.execute(sql`select count(*)::int as total from passages where user_id = ${userId}`),
    );
    return { embedded: 0, total: row?.total ?? 0 };
  }
  const [row] = rowsOf<{ embedded: number; total: number }>(
    await db.execute(sql`
      select count(*)::int as total, count(v.passage_id)::int as embedded
      from passages p left join passage_vectors v on v.passage_id = p.id
      where p.user_id = ${userId}`),
  );
  return row ?? { embedded: 0, total: 0 };
}
