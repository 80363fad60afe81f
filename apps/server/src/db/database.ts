import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; repositories accept either this or the database itself. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** An open database, whichever engine is behind it. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /** Applies the migration files in `folder` that have not run yet. */
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}
