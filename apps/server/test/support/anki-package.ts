import { compress as zstdCompress, init as zstdInit } from '@bokuweb/zstd-wasm';
import { strToU8, Zip, ZipDeflate, ZipPassThrough, zipSync } from 'fflate';
import initSqlJs from 'sql.js';

/**
 * Anki packages written here, independently of Turtle's exporter, in Anki's schema 11 (rslib's `schema11.sql` and
 * the JSON of its `col` row), with sql.js as the SQLite library and fflate as the zip: the tests' stand-in for a
 * package from Anki itself.
 */
export interface AnkiNoteInput {
  model: 'basic' | 'reversed' | 'cloze' | 'occlusion';
  deck: number;
  fields: string[];
  tags?: string;
  /** Anki's id for the note across collections; `guid<index>` unless given. */
  guid?: string;
  /** Per card (by Anki ord): its revlog as [ms, ease, type, timeMs]. */
  revlog?: Record<number, [number, number, number, number][]>;
}

const MODELS = {
  basic: { id: 1_600_000_000_001, name: 'Basic', type: 0, tmpls: ['Card 1'], flds: ['Front', 'Back'] },
  reversed: {
    id: 1_600_000_000_002,
    name: 'Basic (and reversed card)',
    type: 0,
    tmpls: ['Card 1', 'Card 2'],
    flds: ['Front', 'Back'],
  },
  cloze: { id: 1_600_000_000_003, name: 'Cloze', type: 1, tmpls: ['Cloze'], flds: ['Text', 'Back Extra'] },
  occlusion: {
    id: 1_600_000_000_004,
    name: 'Image Occlusion Enhanced',
    type: 0,
    tmpls: ['Hide one', 'Hide all', 'Hide rest'],
    flds: ['Image', 'Header', 'Footer'],
  },
} as const;

const SCHEMA = `
CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
  ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL,
  models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL);
CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
  usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL,
  flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
  mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL,
  ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL, left integer NOT NULL,
  odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
  ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL, type integer NOT NULL);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
`;

export interface AnkiCollectionOptions {
  /** Cards without notes, made inside SQLite (a recursive insert), so a large collection costs the test little. */
  extraCards?: number;
  /** Basic notes in deck 1 ("Note i" / "Back i"), each with its card, made inside SQLite. */
  extraNotes?: number;
  /** Reviews (ease 3, 3 s each, a minute apart) spread over the first `cards` cards (default 1), made inside SQLite. */
  extraReviews?: { count: number; cards?: number };
  /** `revlog` replaced by a view over a recursive query yielding this many reviews of the first card. */
  revlogView?: number;
  /** Statements run last (a trigger, a virtual table, a change to the schema). */
  sql?: string;
}

/** The first card's id; the next cards count up from it. */
export const FIRST_CARD_ID = 1_700_000_000_001;
const REVIEWS_FROM = Date.UTC(2024, 0, 1);

export async function ankiCollection(
  decks: Record<number, string>,
  notes: AnkiNoteInput[],
  options: AnkiCollectionOptions = {},
): Promise<Uint8Array> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(SCHEMA);
  const models = Object.fromEntries(
    Object.values(MODELS).map((model) => [
      String(model.id),
      {
        id: model.id,
        name: model.name,
        type: model.type,
        mod: 0,
        usn: 0,
        sortf: 0,
        did: 1,
        flds: model.flds.map((name, ord) => ({ name, ord, sticky: false, rtl: false, font: 'Arial', size: 20 })),
        tmpls: model.tmpls.map((name, ord) => ({ name, ord, qfmt: `{{${model.flds[0]}}}`, afmt: '', did: null })),
        css: '',
        latexPre: '',
        latexPost: '',
        req: [],
        tags: [],
        vers: [],
      },
    ]),
  );
  const deckJson = Object.fromEntries(
    Object.entries(decks).map(([id, name]) => [id, { id: Number(id), name, dyn: 0, conf: 1, desc: '', usn: 0 }]),
  );
  db.run('INSERT INTO col VALUES (1, 1600000000, 0, 0, 11, 0, 0, 0, ?, ?, ?, ?, ?)', [
    '{}',
    JSON.stringify(models),
    JSON.stringify(deckJson),
    '{}',
    '{}',
  ]);
  let cardId = 1_700_000_000_000;
  notes.forEach((note, index) => {
    const model = MODELS[note.model];
    const noteId = 1_650_000_000_000 + index;
    db.run('INSERT INTO notes VALUES (?, ?, ?, 0, 0, ?, ?, ?, 0, 0, ?)', [
      noteId,
      note.guid ?? `guid${index}`,
      model.id,
      note.tags ?? '',
      note.fields.join('\x1f'),
      note.fields[0] ?? '',
      '',
    ]);
    const ords =
      note.model === 'cloze'
        ? [...new Set([...(note.fields[0] ?? '').matchAll(/\{\{c(\d+)::/g)].map((m) => Number(m[1]) - 1))]
        : model.tmpls.map((_, ord) => ord);
    for (const ord of ords) {
      cardId++;
      db.run('INSERT INTO cards VALUES (?, ?, ?, ?, 0, 0, 0, 0, ?, 0, 2500, 0, 0, 0, 0, 0, 0, ?)', [
        cardId,
        noteId,
        note.deck,
        ord,
        index,
        '',
      ]);
      for (const [at, ease, type, time] of note.revlog?.[ord] ?? []) {
        db.run('INSERT INTO revlog VALUES (?, ?, 0, ?, 1, 0, 2500, ?, ?)', [at, cardId, ease, time, type]);
      }
    }
  });
  if (options.extraCards) {
    db.run(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${options.extraCards})
       INSERT INTO cards SELECT 2000000000000 + i, 1, 1, 0, 0, 0, 0, 0, i, 0, 2500, 0, 0, 0, 0, 0, 0, '' FROM n`,
    );
  }
  if (options.extraNotes) {
    const recursive = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${options.extraNotes})`;
    db.run(
      `${recursive} INSERT INTO notes SELECT 3000000000000 + i, 'extra' || i, ${MODELS.basic.id}, 0, 0, '',
         'Note ' || i || char(31) || 'Back ' || i, 'Note ' || i, 0, 0, '' FROM n`,
    );
    db.run(
      `${recursive} INSERT INTO cards SELECT 4000000000000 + i, 3000000000000 + i, 1, 0, 0, 0, 0, 0, i, 0, 2500, 0, 0, 0, 0, 0, 0, '' FROM n`,
    );
  }
  if (options.extraReviews) {
    const { count, cards = 1 } = options.extraReviews;
    db.run(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${count - 1})
       INSERT INTO revlog SELECT ${REVIEWS_FROM} + i * 60000, ${FIRST_CARD_ID} + i % ${cards}, 0, 3, 1, 0, 2500, 3000, 1 FROM n`,
    );
  }
  if (options.revlogView) {
    db.run(`DROP TABLE revlog;
      CREATE VIEW revlog AS WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${options.revlogView - 1})
      SELECT ${REVIEWS_FROM} + i * 60000 AS id, ${FIRST_CARD_ID} AS cid, 0 AS usn, 3 AS ease, 1 AS ivl, 0 AS lastIvl,
        2500 AS factor, 3000 AS time, 1 AS type FROM n`);
  }
  if (options.sql) db.run(options.sql);
  const bytes = db.export();
  db.close();
  return bytes;
}

/** An `.apkg`: the collection as `collection.anki2`, the `media` map and the media files by number. */
export function ankiPackage(collection: Uint8Array, media: Record<string, Uint8Array> = {}): Uint8Array {
  const names = Object.fromEntries(Object.keys(media).map((name, index) => [String(index), name]));
  const files: Record<string, Uint8Array> = { 'collection.anki2': collection, media: strToU8(JSON.stringify(names)) };
  Object.values(media).forEach((bytes, index) => (files[String(index)] = bytes));
  return zipSync(files);
}

/**
 * An `.apkg` whose collection is `collection` followed by zeros up to `size` bytes, deflated in 1 MB steps so it is
 * never whole in memory: a 500 MB collection makes a package of about half a megabyte. `declaredSize` writes
 * another uncompressed size into the zip directory (a package that lies about it).
 */
export function paddedAnkiPackage(collection: Uint8Array, size: number, declaredSize?: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  const file = new ZipDeflate('collection.anki2', { level: 1 });
  zip.add(file);
  file.push(collection, collection.length >= size);
  const zeros = new Uint8Array(1024 * 1024);
  for (let left = size - collection.length; left > 0; left -= zeros.length) {
    file.push(left >= zeros.length ? zeros : zeros.subarray(0, left), left <= zeros.length);
  }
  const media = new ZipPassThrough('media');
  zip.add(media);
  media.push(strToU8('{}'), true);
  zip.end();
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  if (declaredSize !== undefined) {
    // The central directory entry of the collection (signature PK\x01\x02): its uncompressed size at +24.
    const data = new DataView(bytes.buffer);
    for (let entry = bytes.length - 22; entry >= 0; entry--) {
      if (data.getUint32(entry, true) !== 0x02014b50) continue;
      const name = new TextDecoder().decode(bytes.subarray(entry + 46, entry + 46 + data.getUint16(entry + 28, true)));
      if (name === 'collection.anki2') data.setUint32(entry + 24, declaredSize, true);
    }
  }
  return bytes;
}

// ---------------------------------------------------------------------------------------------------------------
// The current format (Anki 2.1.50 and later, Anki 26.x by default; issue 27): `meta` (a protobuf
// `PackageMetadata`, version 3), `collection.anki21b` (the collection in schema 18, zstd-compressed), a dummy
// `collection.anki2` holding one note that asks to update Anki, and `media` (a zstd-compressed protobuf
// `MediaEntries`). Written from Anki's formats (proto/anki/import_export.proto, notetypes.proto, decks.proto, and the
// upgrade SQL of rslib/src/storage/upgrades), with @bokuweb/zstd-wasm as the zstd encoder.

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
      protobuf([...(model.type === 1 ? ([[1, 1]] as [number, number][]) : []), [3, '.card { font-family: arial; }']]),
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
    model.tmpls.forEach((name, ord) =>
      db.run('INSERT INTO templates VALUES (?, ?, ?, 0, 0, ?)', [
        model.id,
        ord,
        name,
        protobuf([
          [1, `{{${model.flds[0]}}}`],
          [2, '{{FrontSide}}<hr id=answer>{{Back}}'],
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
