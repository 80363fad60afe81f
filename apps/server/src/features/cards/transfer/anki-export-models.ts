import { createHash } from 'node:crypto';
import type { CardKind } from '@turtle/shared/cards';
import type { AnkiNoteTypeDefinition } from '@turtle/shared/cards-template';

/**
 * The note types an export writes (anki-export.ts), in Anki's schema 11 JSON: Turtle's three kinds, and the Anki note
 * types a person's notes keep as they came (docs/decisions/042-anki-note-types.md), each with its fields, templates
 * and CSS as kept.
 */

export type KeptNoteType = AnkiNoteTypeDefinition & { id: string };

/** A stable Anki note type id (a positive integer under 2^48, past Turtle's own) for one of our note type ids. */
export function ankiNoteTypeId(noteTypeId: string): number {
  return (
    Number.parseInt(createHash('sha1').update(`note type ${noteTypeId}`).digest('hex').slice(0, 12), 16) +
    1_800_000_000_000
  );
}

/** Fixed note type ids, so a second import reuses Turtle's note types instead of adding more. */
export const MODEL_IDS: Record<CardKind, number> = {
  basic: 1_716_000_000_001,
  reversed: 1_716_000_000_002,
  cloze: 1_716_000_000_003,
};
const ANSWER_RULE = '{{FrontSide}}\n\n<hr id=answer>\n\n';
const CSS = '.card { font-family: arial; font-size: 20px; text-align: center; color: black; background-color: white; }';

const field = (name: string, ord: number) => ({
  name,
  ord,
  sticky: false,
  rtl: false,
  font: 'Arial',
  size: 20,
  media: [],
});
const template = (name: string, ord: number, qfmt: string, afmt: string) => ({
  name,
  ord,
  qfmt,
  afmt,
  bqfmt: '',
  bafmt: '',
  did: null,
  bfont: '',
  bsize: 0,
});

export function models(now: number, deckId: number, kept: KeptNoteType[] = []) {
  const common = {
    mod: Math.floor(now / 1000),
    usn: -1,
    sortf: 0,
    did: deckId,
    css: CSS,
    latexPre: '',
    latexPost: '',
    tags: [],
    vers: [],
  };
  const front = field('Front', 0);
  const back = field('Back', 1);
  const list = [
    {
      ...common,
      id: MODEL_IDS.basic,
      name: 'Turtle Basic',
      type: 0,
      flds: [front, back],
      tmpls: [template('Card 1', 0, '{{Front}}', `${ANSWER_RULE}{{Back}}`)],
      req: [[0, 'any', [0]]],
    },
    {
      ...common,
      id: MODEL_IDS.reversed,
      name: 'Turtle Basic (and reversed card)',
      type: 0,
      flds: [front, back],
      tmpls: [
        template('Card 1', 0, '{{Front}}', `${ANSWER_RULE}{{Back}}`),
        template('Card 2', 1, '{{Back}}', `${ANSWER_RULE}{{Front}}`),
      ],
      req: [
        [0, 'any', [0]],
        [1, 'any', [1]],
      ],
    },
    {
      ...common,
      id: MODEL_IDS.cloze,
      name: 'Turtle Cloze',
      type: 1,
      flds: [field('Text', 0), field('Back Extra', 1)],
      tmpls: [template('Cloze', 0, '{{cloze:Text}}', '{{cloze:Text}}<br>\n{{Back Extra}}')],
    },
  ];
  const keptModels = kept.map((noteType) => ({
    ...common,
    id: ankiNoteTypeId(noteType.id),
    name: noteType.name,
    type: noteType.kind === 'cloze' ? 1 : 0,
    flds: noteType.fields.map((name, ord) => field(name, ord)),
    tmpls: noteType.templates.map((tmpl, ord) => template(tmpl.name, ord, tmpl.qfmt, tmpl.afmt)),
    css: noteType.css,
    // Anki 2.1.28 and later work out which fields a card needs themselves; older ones read this (any field).
    ...(noteType.kind === 'cloze'
      ? {}
      : { req: noteType.templates.map((_, ord) => [ord, 'any', noteType.fields.map((_, i) => i)]) }),
  }));
  return Object.fromEntries([...list, ...keptModels].map((model) => [String(model.id), model]));
}
