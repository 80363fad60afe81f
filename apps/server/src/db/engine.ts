import type pg from 'pg';
import type { Database, DbOrTx } from './database';

/**
 * Which engine is behind a drizzle handle, for the few places that must tell them apart (the optimizer's runs:
 * docs/decisions/034-import-budget.md "Runs of a dead process"). Both engines are reached through a node-postgres pool
 * (docs/decisions/035-embedded-database-thread.md), so the handle's client alone cannot say.
 */
const engines = new WeakMap<object, { kind: Database['kind']; pool: pg.Pool }>();

/** Called once by open-database.ts for each database it opens. */
export function registerEngine(database: Database, pool: pg.Pool): void {
  engines.set(database.db, { kind: database.kind, pool });
}

/** The engine of the database itself; undefined for a transaction's handle, which is neither to these callers. */
export function engineOf(db: DbOrTx): { kind: Database['kind']; pool: pg.Pool } | undefined {
  return engines.get(db);
}
