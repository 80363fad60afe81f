import { getTableColumns, sql, type Table } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Rows inserted as one JSON text read by the database (`jsonb_array_elements`), rather than a multi-row insert
 * with a parameter per value: on PGlite the same rows go in about three times faster (docs/decisions/034-import-budget.md,
 * where the review log took this way first), and the server builds one string instead of drizzle's parameter lists
 * and a returned copy of every row. Each row is an array in the order of `keys` (the table's property names).
 *
 * Strings are made well-formed first: a lone UTF-16 surrogate becomes U+FFFD, as it does when node-postgres sends a
 * parameter as UTF-8 (jsonb would refuse its escape).
 */
export async function insertJsonRows<T extends Table>(
  db: DbOrTx,
  table: T,
  keys: readonly (keyof T['$inferInsert'] & string)[],
  rows: unknown[][],
): Promise<void> {
  if (!rows.length) return;
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const names = keys.map((key) => sql.identifier(columns[key]!.name));
  const values = keys.map((key, index) => {
    const type = columns[key]!.getSQLType();
    // JSON's null is SQL's null in a jsonb column too.
    if (type === 'jsonb') return sql.raw(`nullif(e.value->${index}, 'null'::jsonb)`);
    if (type === 'text') return sql.raw(`e.value->>${index}`);
    return sql.raw(`(e.value->>${index})::${type}`);
  });
  const json = JSON.stringify(rows, (_key, value: unknown) =>
    typeof value === 'string' ? value.replace(LONE_SURROGATE, '\uFFFD') : value,
  );
  await db.execute(
    sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(values, sql`, `)} from jsonb_array_elements(${json}::jsonb) as e(value)`,
  );
}
