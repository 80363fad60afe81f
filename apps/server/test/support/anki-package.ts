import { strToU8, Zip, ZipDeflate, ZipPassThrough, zipSync } from 'fflate';
import initSqlJs from 'sql.js';

/**
 * Anki packages written here, independently of Turtle's exporter, in Anki's schema 11 (rslib's `schema11.sql` and
 * the JSON of its `col` row), with sql.js as the SQLite library and fflate as the zip: the tests' stand-in for a
 * package from Anki itself. The current format (`collection.anki21b`, schema 18, zstd) is built on this one in
 * anki-package-current.ts.
 */
export interface AnkiNoteInput {
  model: keyof typeof MODELS;
  deck: number;
  /** By Anki ord, a card in another deck than `deck`. */
  cardDecks?: Record<number, number>;
  /** The cards' ords, when not every template's (a standard note type) or every cloze number's (cloze). */
  ords?: number[];
  fields: string[];
  tags?: string;
  /** Anki's id for the note across collections; `guid<index>` unless given. */
  guid?: string;
  /** Per card (by Anki ord): its revlog as [ms, ease, type, timeMs]. */
  revlog?: Record<number, [number, number, number, number][]>;
}

const ANSWER = '{{FrontSide}}\n\n<hr id=answer>\n\n';
const STOCK_CSS =
  '.card {\n    font-family: arial;\n    font-size: 20px;\n    text-align: center;\n    color: black;\n    background-color: white;\n}\n';

/**
 * The note types of the collections written here (schema 18 keeps them in their own tables): Anki's stock Basic,
 * Basic (and reversed card) and Cloze with their templates as Anki 26.x writes them, an old add-on's note type, and
 * two note types of a person's own (docs/decisions/042-anki-note-types.md): three fields with templates of their own,
 * and a cloze note type with a third field.
 */
export const MODELS = {
  basic: {
    id: 1_600_000_000_001,
    name: 'Basic',
    type: 0,
    tmpls: [{ name: 'Card 1', qfmt: '{{Front}}', afmt: `${ANSWER}{{Back}}` }],
    flds: ['Front', 'Back'],
    css: STOCK_CSS,
  },
  reversed: {
    id: 1_600_000_000_002,
    name: 'Basic (and reversed card)',
    type: 0,
    tmpls: [
      { name: 'Card 1', qfmt: '{{Front}}', afmt: `${ANSWER}{{Back}}` },
      { name: 'Card 2', qfmt: '{{Back}}', afmt: `${ANSWER}{{Front}}` },
    ],
    flds: ['Front', 'Back'],
    css: STOCK_CSS,
  },
  cloze: {
    id: 1_600_000_000_003,
    name: 'Cloze',
    type: 1,
    tmpls: [{ name: 'Cloze', qfmt: '{{cloze:Text}}', afmt: '{{cloze:Text}}<br>\n{{Back Extra}}' }],
    flds: ['Text', 'Back Extra'],
    css: `${STOCK_CSS}\n.cloze {\n    font-weight: bold;\n    color: blue;\n}\n`,
  },
  occlusion: {
    id: 1_600_000_000_004,
    name: 'Image Occlusion Enhanced',
    type: 0,
    tmpls: ['Hide one', 'Hide all', 'Hide rest'].map((name) => ({ name, qfmt: '{{Image}}', afmt: '{{FrontSide}}' })),
    flds: ['Image', 'Header', 'Footer'],
    css: '',
  },
  vocab: {
    id: 1_600_000_000_005,
    name: 'Vocabulary (3 fields)',
    type: 0,
    tmpls: [
      {
        name: 'Recognise',
        qfmt: '<div class=word>{{Word}}</div>',
        afmt: `${ANSWER}{{Meaning}}{{#Example}}<br><i>{{Example}}</i>{{/Example}}`,
      },
      {
        name: 'Recall',
        qfmt: '{{Meaning}}{{#Example}}<br>{{hint:Example}}{{/Example}}',
        afmt: `${ANSWER}{{text:Word}}`,
      },
      {
        name: 'Use',
        qfmt: '{{#Example}}Use <b>{{Word}}</b> in a sentence.{{/Example}}',
        afmt: '{{FrontSide}}<hr id=answer>{{Example}}',
      },
    ],
    flds: ['Word', 'Meaning', 'Example'],
    css: '.card { font-family: Georgia; }\n.word { font-size: 2em; }\n',
  },
  clozeSource: {
    id: 1_600_000_000_006,
    name: 'Cloze with source',
    type: 1,
    tmpls: [
      {
        name: 'Cloze',
        qfmt: '{{cloze:Text}}',
        afmt: '{{cloze:Text}}<br>\n{{Back Extra}}{{#Source}}<div class=source>Source: {{Source}}</div>{{/Source}}',
      },
    ],
    flds: ['Text', 'Back Extra', 'Source'],
    css: `${STOCK_CSS}.source { font-size: small; }\n`,
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
        tmpls: model.tmpls.map((template, ord) => ({ ...template, ord, bqfmt: '', bafmt: '', did: null })),
        css: model.css,
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
      note.ords ??
      (model.type === 1
        ? [...new Set([...(note.fields[0] ?? '').matchAll(/\{\{c(\d+)::/g)].map((m) => Number(m[1]) - 1))]
        : model.tmpls.map((_, ord) => ord));
    for (const ord of ords) {
      cardId++;
      db.run('INSERT INTO cards VALUES (?, ?, ?, ?, 0, 0, 0, 0, ?, 0, 2500, 0, 0, 0, 0, 0, 0, ?)', [
        cardId,
        noteId,
        note.cardDecks?.[ord] ?? note.deck,
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
