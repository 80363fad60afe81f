import type { Database } from 'sql.js';
import { eachRow } from './anki-read-sqlite';
import { budgetMessages, refused, type ApkgBudget } from './apkg-budget';

/** The tables read, which must be plain tables; schema 15 and later (`collection.anki21b`) add the last four. */
const TABLES = ['col', 'notes', 'cards', 'revlog'];
export const TABLES_15 = [...TABLES, 'notetypes', 'fields', 'templates', 'decks'];

const refuseObject = (what: string, name: string) =>
  refused(
    `This package’s collection holds ${what} (“${name.slice(0, 80)}”), which an Anki collection never has; Turtle does not read it.`,
  );

/**
 * Only plain tables and indexes: Anki writes nothing else. A view (a `revlog` over a recursive query yields rows
 * without end), a trigger, a virtual table or a computed column (which runs an expression per row read) is refused
 * before any row of the collection is read. Both what the schema rows say and what SQLite parsed from them
 * (`pragma table_list`) are checked: a row's `type` can be written to disagree with its SQL.
 */
export function checkSchema(db: Database, budget: ApkgBudget): void {
  const objects: { type: string; name: string; sql: string }[] = [];
  eachRow(db, `select type, name, sql from sqlite_master limit ${budget.schemaRows + 1}`, (row) =>
    objects.push({ type: String(row[0]), name: String(row[1]), sql: String(row[2] ?? '') }),
  );
  if (objects.length > budget.schemaRows) throw refused(budgetMessages.schemaRows(budget));
  for (const object of objects) {
    const sql = object.sql.trimStart().slice(0, 40).toLowerCase().replace(/\s+/g, ' ');
    if (object.type === 'view' || sql.startsWith('create view')) throw refuseObject('a view', object.name);
    if (object.type === 'trigger' || sql.startsWith('create trigger')) throw refuseObject('a trigger', object.name);
    if (sql.startsWith('create virtual')) throw refuseObject('a virtual table', object.name);
    if (object.type !== 'table' && object.type !== 'index') throw refuseObject(`a ${object.type}`, object.name);
  }
  eachRow(db, 'pragma table_list', (row) => {
    const [schema, name, type] = [String(row[0]), String(row[1]), String(row[2])];
    if (schema !== 'main' && schema !== 'temp') return;
    if (type === 'view') throw refuseObject('a view', name);
    if (type === 'virtual' || type === 'shadow') throw refuseObject('a virtual table', name);
  });
  checkColumns(db, TABLES);
}

/** No computed column in the tables read (hidden: 2 and 3 are generated columns). */
export function checkColumns(db: Database, tables: string[]): void {
  for (const table of tables) {
    eachRow(db, `pragma table_xinfo(${table})`, (row) => {
      if (Number(row[6]) >= 2) throw refuseObject('a computed column', `${table}.${String(row[1])}`);
    });
  }
}
