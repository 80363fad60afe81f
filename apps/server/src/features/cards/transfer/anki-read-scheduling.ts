import type { Database } from 'sql.js';
import type { AnkiCardScheduling, AnkiScheduling } from './anki-fsrs';
import { eachRow } from './anki-read-sqlite';

/** The config keys read: how the collection counts its days, and whether FSRS is on (rslib's config/mod.rs, bool.rs). */
const KEYS = ['creationOffset', 'localOffset', 'fsrs'] as const;
/** A config longer than this is not read (Anki's is a few kilobytes). */
const CONF_CHARS = 200_000;

const minutes = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= 24 * 60 ? value : null;

function schedulingFrom(crt: number, config: Partial<Record<(typeof KEYS)[number], unknown>>): AnkiScheduling {
  return {
    crt: Number.isFinite(crt) ? crt : 0,
    creationMinutesWest: minutes(config.creationOffset),
    localMinutesWest: minutes(config.localOffset),
    fsrs: typeof config.fsrs === 'boolean' ? config.fsrs : null,
  };
}

/**
 * How the package's collection counts days and whether it has FSRS on (docs/decisions/040-anki-fsrs-state.md):
 * `col.crt`, and the config: JSON in `col.conf` in schema 11, rows of the `config` table (a JSON value each) from
 * schema 14 on. A value that is missing or not what Anki writes reads as absent.
 */
export function readScheduling(db: Database, schema15: boolean): AnkiScheduling {
  const row = db.exec(
    `select crt, case when length(conf) <= ${CONF_CHARS} then cast(conf as text) end from col limit 1`,
  )[0]?.values[0];
  const crt = Number(row?.[0] ?? 0);
  const config: Record<string, unknown> = {};
  if (schema15) {
    const tables = db.exec("select 1 from sqlite_master where type = 'table' and name = 'config'");
    if (tables.length) {
      eachRow(
        db,
        `select key, cast(val as text) from config where key in (${KEYS.map((key) => `'${key}'`).join(', ')})
           and length(val) <= 100`,
        ([key, value]) => {
          try {
            config[String(key)] = JSON.parse(String(value));
          } catch {
            // Not JSON: absent.
          }
        },
      );
    }
  } else if (typeof row?.[1] === 'string') {
    try {
      const parsed: unknown = JSON.parse(row[1]);
      if (parsed && typeof parsed === 'object') {
        for (const key of KEYS) config[key] = (parsed as Record<string, unknown>)[key];
      }
    } catch {
      // Not JSON: absent.
    }
  }
  return schedulingFrom(crt, config);
}

/** A card's `data` past this many bytes is not read (Anki's memory state takes about 60). */
const DATA_BYTES = 1_000;

/** The scheduling columns of `cards` the reader selects, in `cardScheduling`'s order. */
export const SCHEDULING_COLUMNS = `type, queue, due, odue, ivl, reps, lapses, left, substr(cast(data as blob), 1, ${DATA_BYTES})`;

/** A card's scheduling from the columns `SCHEDULING_COLUMNS` selects (a value that is not a number reads as 0). */
export function cardScheduling(values: unknown[], decode: (value: unknown) => string): AnkiCardScheduling {
  const number = (index: number) => {
    const value = Number(values[index]);
    return Number.isFinite(value) ? value : 0;
  };
  return {
    type: number(0),
    queue: number(1),
    due: number(2),
    originalDue: number(3),
    ivl: number(4),
    reps: number(5),
    lapses: number(6),
    left: number(7),
    data: decode(values[8]),
  };
}
