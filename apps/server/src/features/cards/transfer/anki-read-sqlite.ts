import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';

/** The package reader's SQLite (sql.js), loaded once per thread, and the few ways it reads rows. */

let sqlJs: Promise<SqlJsStatic> | undefined;
export const loadSqlJs = () => (sqlJs ??= initSqlJs());

/** Runs a query and maps each row as it is stepped through (no array of every row first). */
export function eachRow(db: Database, query: string, visit: (row: unknown[]) => void): void {
  const statement = db.prepare(query);
  try {
    while (statement.step()) visit(statement.get());
  } finally {
    statement.free();
  }
}

export const scalar = (db: Database, query: string) => Number(db.exec(query)[0]?.values[0]?.[0] ?? 0);

/** How many rows `table` has, counting no further than `cap + 1`. */
export const countUpTo = (db: Database, table: string, cap: number) =>
  scalar(db, `select count(*) from (select 1 from ${table} limit ${cap + 1})`);
