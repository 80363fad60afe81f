import { compress as zstdCompress, init as zstdInit } from '@bokuweb/zstd-wasm';
import { strToU8, zipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { ankiCollection, MODELS, type AnkiCollectionOptions, type AnkiNoteInput } from './anki-package';

/**
 * The current format (Anki 2.1.50 and later, Anki 26.x by default; docs/decisions/034-import-budget.md): `meta` (a
 * protobuf `PackageMetadata`, version 3), `collection.anki21b` (the collection in schema 18, zstd-compressed), a dummy
 * `collection.anki2` holding one note that asks to update Anki, and `media` (a zstd-compressed protobuf
 * `MediaEntries`). Written from Anki's formats (proto/anki/import_export.proto, notetypes.proto, decks.proto, and the
 * upgrade SQL of rslib/src/storage/upgrades), with @bokuweb/zstd-wasm as the zstd encoder.
 */

/** Protobuf's varint. */
function varint(value: number): number[] {
  const bytes: number[] = [];
  while (value >= 0x80) {
    bytes.push((value % 128) | 0x80);
    value = Math.floor(value / 128);
  }
  bytes.push(value);
  return bytes;
}

/** A protobuf message from its fields: a number is a varint, a string or bytes is length-delimited. */
export function protobuf(fields: [number, number | string | Uint8Array][]): Uint8Array {
  const out: number[] = [];
  for (const [field, value] of fields) {
    if (typeof value === 'number') out.push(...varint(field * 8), ...varint(value));
    else {
      const bytes = typeof value === 'string' ? strToU8(value) : value;
      out.push(...varint(field * 8 + 2), ...varint(bytes.length), ...bytes);
    }
  }
  return new Uint8Array(out);
}

/** Anki's upgrades from schema 11 to 18 (schema14_upgrade.sql, schema15_upgrade.sql, 17 and 18), in order. */
const UPGRADE_TO_18 = `
CREATE TABLE deck_config (id integer PRIMARY KEY NOT NULL, name text NOT NULL COLLATE unicase,
  mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL);
CREATE TABLE config (KEY text NOT NULL PRIMARY KEY, usn integer NOT NULL, mtime_secs integer NOT NULL,
  val blob NOT NULL) without rowid;
CREATE TABLE tags (tag text NOT NULL PRIMARY KEY COLLATE unicase, usn integer NOT NULL) without rowid;
UPDATE col SET ver = 14;
CREATE TABLE fields (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL COLLATE unicase,
  config blob NOT NULL, PRIMARY KEY (ntid, ord)) without rowid;
CREATE UNIQUE INDEX idx_fields_name_ntid ON fields (name, ntid);
CREATE TABLE templates (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL COLLATE unicase,
  mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL, PRIMARY KEY (ntid, ord)) without rowid;
CREATE UNIQUE INDEX idx_templates_name_ntid ON templates (name, ntid);
CREATE INDEX idx_templates_usn ON templates (usn);
CREATE TABLE notetypes (id integer NOT NULL PRIMARY KEY, name text NOT NULL COLLATE unicase,
  mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL);
CREATE UNIQUE INDEX idx_notetypes_name ON notetypes (name);
CREATE INDEX idx_notetypes_usn ON notetypes (usn);
CREATE TABLE decks (id integer PRIMARY KEY NOT NULL, name text NOT NULL COLLATE unicase,
  mtime_secs integer NOT NULL, usn integer NOT NULL, common blob NOT NULL, kind blob NOT NULL);
CREATE UNIQUE INDEX idx_decks_name ON decks (name);
CREATE INDEX idx_notes_mid ON notes (mid);
CREATE INDEX idx_cards_odid ON cards (odid) WHERE odid != 0;
UPDATE col SET ver = 15;
DROP TABLE tags;
CREATE TABLE tags (tag text NOT NULL PRIMARY KEY COLLATE unicase, usn integer NOT NULL, collapsed boolean NOT NULL,
  config blob NULL) without rowid;
UPDATE col SET ver = 17;
ALTER TABLE graves RENAME TO graves_old;
CREATE TABLE graves (oid integer NOT NULL, type integer NOT NULL, usn integer NOT NULL, PRIMARY KEY (oid, type))
  WITHOUT ROWID;
INSERT OR IGNORE INTO graves (oid, type, usn) SELECT oid, type, usn FROM graves_old;
DROP TABLE graves_old;
CREATE INDEX idx_graves_pending ON graves (usn);
UPDATE col SET ver = 18;
`;

/**
 * The same collection as `ankiCollection` makes, in schema 18 as Anki keeps it: upgraded by Anki's SQL, the note
 * types, fields, templates and decks moved from `col`'s JSON into their tables (protobuf configs; deck levels
 * separated by \x1f), and `col`'s JSON columns left empty.
 */
export async function ankiCollection18(
  decks: Record<number, string>,
  notes: AnkiNoteInput[],
  options: AnkiCollectionOptions = {},
): Promise<Uint8Array> {
  const legacy = await ankiCollection(decks, notes, options);
  const SQL = await initSqlJs();
  const db = new SQL.Database(legacy);
  // Anki registers its own `unicase` collation, which sql.js cannot: the tables are made with `nocase`, and their SQL
  // then written back as Anki's (a reader without `unicase` can still read them, unsorted by name).
  db.run(UPGRADE_TO_18.replaceAll('COLLATE unicase', 'COLLATE nocase'));
  for (const model of Object.values(MODELS)) {
    db.run('INSERT INTO notetypes VALUES (?, ?, 0, 0, ?)', [
      model.id,
      model.name,
      protobuf([...(model.type === 1 ? ([[1, 1]] as [number, number][]) : []), [3, model.css]]),
    ]);
    model.flds.forEach((name, ord) =>
      db.run('INSERT INTO fields VALUES (?, ?, ?, ?)', [
        model.id,
        ord,
        name,
        protobuf([
          [3, 'Arial'],
          [4, 20],
        ]),
      ]),
    );
    model.tmpls.forEach((template, ord) =>
      db.run('INSERT INTO templates VALUES (?, ?, ?, 0, 0, ?)', [
        model.id,
        ord,
        template.name,
        protobuf([
          [1, template.qfmt],
          [2, template.afmt],
        ]),
      ]),
    );
  }
  for (const [id, name] of Object.entries(decks)) {
    // DeckKind { Normal normal = 1 { config_id = 1 } }; DeckCommon with its defaults (nothing written).
    db.run('INSERT INTO decks VALUES (?, ?, 0, 0, ?, ?)', [
      Number(id),
      name.replaceAll('::', '\x1f'),
      new Uint8Array(0),
      protobuf([[1, protobuf([[1, 1]])]]),
    ]);
  }
  db.run("UPDATE col SET models = '', decks = '', dconf = '', tags = '', conf = ''");
  db.run(`PRAGMA writable_schema = ON;
    UPDATE sqlite_master SET sql = replace(sql, 'COLLATE nocase', 'COLLATE unicase') WHERE sql LIKE '%COLLATE nocase%';
    PRAGMA writable_schema = OFF;`);
  const bytes = db.export();
  db.close();
  return bytes;
}

let zstdReady: Promise<void> | undefined;
/** zstd at Anki's level (the zstd crate's default, 3). */
export async function zstd(bytes: Uint8Array): Promise<Uint8Array> {
  await (zstdReady ??= zstdInit());
  return zstdCompress(bytes, 3);
}

/** Anki's message in the dummy `collection.anki2` of a current package (ftl: exporting-colpkg-too-new). */
export const PLEASE_UPDATE = 'Please update to the latest Anki version, then import the .colpkg/.apkg file again.';

export interface CurrentPackageOptions {
  /** `meta`'s bytes; null for none. Version 3 unless given. */
  meta?: Uint8Array | null;
  /** What `collection.anki21b` holds (zstd of the collection unless given); null leaves it out. */
  anki21b?: Uint8Array | null;
}

/** An `.apkg` as Anki 26.x exports one by default (without "Support older Anki versions"). */
export async function ankiCurrentPackage(
  collection18: Uint8Array,
  options: CurrentPackageOptions = {},
): Promise<Uint8Array> {
  const dummy = await ankiCollection({ 1: 'Default' }, [{ model: 'basic', deck: 1, fields: [PLEASE_UPDATE, ''] }]);
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {
    'collection.anki2': dummy,
    // MediaEntries with no entries: an empty message, compressed.
    media: [await zstd(new Uint8Array(0)), { level: 0 }],
  };
  const meta = options.meta === undefined ? protobuf([[1, 3]]) : options.meta;
  if (meta) files.meta = [meta, { level: 0 }];
  const anki21b = options.anki21b === undefined ? await zstd(collection18) : options.anki21b;
  if (anki21b) files['collection.anki21b'] = [anki21b, { level: 0 }];
  return zipSync(files);
}

/**
 * A zstd frame written by hand (the format's raw and RLE blocks, no content size declared, a 1 MB window): `prefix`
 * as it is, then `zeros` zero bytes, 128 KB per 4-byte block, so a gigabyte costs 32 KB.
 */
export function zstdFrameWithZeros(prefix: Uint8Array, zeros: number): Uint8Array {
  const BLOCK = 128 * 1024;
  const out: number[] = [0x28, 0xb5, 0x2f, 0xfd, 0x00, 10 << 3];
  const header = (last: boolean, type: number, size: number) => {
    const value = (last ? 1 : 0) | (type << 1) | (size << 3);
    out.push(value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff);
  };
  for (let at = 0; at < prefix.length; at += BLOCK) {
    const part = prefix.subarray(at, at + BLOCK);
    header(zeros === 0 && at + BLOCK >= prefix.length, 0, part.length);
    for (const byte of part) out.push(byte);
  }
  for (let left = zeros; left > 0; left -= BLOCK) {
    header(left <= BLOCK, 1, Math.min(left, BLOCK));
    out.push(0);
  }
  return new Uint8Array(out);
}
