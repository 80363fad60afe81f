import { CARD_TEXT_MAX_LENGTH, type CardKind } from '@turtle/shared/cards';
import {
  fieldMap,
  renderAnkiCard,
  templateClozeNumbers,
  TemplateError,
  type AnkiNoteTypeDefinition,
  type CardNoteSide,
} from '@turtle/shared/cards-template';
import { CLOZE_MAX_NUMBER } from '@turtle/shared/cards-cloze';
import { fromAnkiHtml, type MediaLookup } from './anki-html';
import type { AnkiNoteType } from './anki-collection';

/**
 * Anki note types on the way in (docs/decisions/042-anki-note-types.md). A note type shaped as one of Turtle's kinds
 * (Anki's stock Basic, Basic and reversed, Cloze: two fields and their templates, whatever the names) becomes notes
 * of that kind, as before; any other is kept as it is, and its cards' sides are its templates rendered with the
 * note's fields (packages/shared/src/cards-template.ts), then made card text as every imported field is
 * (anki-html.ts: the card HTML subset, the package's media).
 */

/** Whitespace and quotes out, for comparing a template with Anki's stock one (`<hr id="answer">` is `<hr id=answer>`). */
const shape = (template: string) => template.replace(/[\s"']/g, '');

export function builtInKind(noteType: AnkiNoteType): CardKind | null {
  if (noteType.fieldNames.length !== 2) return null;
  const [first, second] = noteType.fieldNames as [string, string];
  const is = (index: number, qfmt: string, afmt: string) =>
    shape(noteType.templates[index]!.qfmt) === shape(qfmt) && shape(noteType.templates[index]!.afmt) === shape(afmt);
  const answer = (field: string) => `{{FrontSide}}<hr id=answer>{{${field}}}`;
  if (noteType.type === 1) {
    const cloze = `{{cloze:${first}}}`;
    return noteType.templates.length === 1 && is(0, cloze, `${cloze}<br>{{${second}}}`) ? 'cloze' : null;
  }
  if (!noteType.templates.length || !is(0, `{{${first}}}`, answer(second))) return null;
  if (noteType.templates.length === 1) return 'basic';
  if (noteType.templates.length === 2 && is(1, `{{${second}}}`, answer(first))) return 'reversed';
  return null;
}

export function noteTypeDefinition(noteType: AnkiNoteType): AnkiNoteTypeDefinition {
  return {
    name: noteType.name,
    kind: noteType.type === 1 ? 'cloze' : 'standard',
    fields: noteType.fieldNames,
    templates: noteType.templates,
    css: noteType.css,
  };
}

const [HINT_START, HINT_END] = ['<details><summary>', '</summary>'];

/**
 * A hint (`hint:`) opens with a click in Anki, which needs a script; Turtle's card face runs none, so it is a line of
 * its own that names the field.
 */
function hintsAsLines(html: string): string {
  // Split rather than a lazy regular expression: many openings without a `</summary>` stay linear.
  const [first, ...parts] = html.split(HINT_START);
  return [
    first,
    ...parts.map((part) => {
      const end = part.indexOf(HINT_END);
      return end === -1
        ? `${HINT_START}${part}`
        : `<div><i>${part.slice(0, end)}:</i> ${part.slice(end + HINT_END.length)}`;
    }),
  ]
    .join('')
    .replaceAll('</details>', '</div>');
}

/** The answer without the question Anki repeats above it (`{{FrontSide}}` and its rule): Turtle shows both. */
function answerBelowQuestion(question: string, answer: string): string {
  if (!question || !answer.startsWith(question)) return answer;
  return answer.slice(question.length).replace(/^\s*<hr\b[^>]*>/i, '');
}

export type KeptNote =
  | { fields: string[]; sides: CardNoteSide[]; media: string[]; hadMedia: boolean }
  | { reason: string }
  | { nothingShown: true };

/**
 * A note of a kept note type: its fields and the sides of the cards Anki makes for it (a template whose question
 * uses a field with text, or a cloze number its fields hold), by Turtle's ordinal (the template's, or the cloze
 * number). `nothingShown` when no card has a question Turtle can show (only media it does not keep, say).
 */
export function keepNote(noteType: AnkiNoteType, values: string[], lookup: MediaLookup): KeptNote {
  const names = noteType.fieldNames;
  const raw = names.map((_, index) => values[index] ?? '');
  const map = fieldMap(names, raw);
  const media: string[] = [];
  let hadMedia = false;
  const convert = (html: string) => {
    const converted = fromAnkiHtml(html, lookup);
    media.push(...converted.media);
    hadMedia ||= converted.hadMedia;
    return converted.text.trim();
  };
  const fields = raw.map(convert);
  const tooLong = fields.findIndex((field) => field.length > CARD_TEXT_MAX_LENGTH);
  if (tooLong !== -1) return { reason: `the field “${names[tooLong]}” is over the length of a card` };
  if (!noteType.templates.length) return { nothingShown: true };
  const cards: { ordinal: number; template: AnkiNoteType['templates'][number]; cloze: number | null }[] =
    noteType.type === 1
      ? templateClozeNumbers(raw.join('\x1f'))
          .filter((number) => number <= CLOZE_MAX_NUMBER)
          .map((number) => ({ ordinal: number, template: noteType.templates[0]!, cloze: number }))
      : noteType.templates.map((template, ordinal) => ({ ordinal, template, cloze: null }));
  const sides: CardNoteSide[] = [];
  for (const card of cards) {
    let rendered;
    try {
      rendered = renderAnkiCard(card.template, map, card.cloze);
    } catch (error) {
      if (error instanceof TemplateError) return { reason: `its template “${card.template.name}”: ${error.message}` };
      throw error;
    }
    if (rendered.empty) continue;
    const question = convert(hintsAsLines(rendered.question));
    const answer = convert(hintsAsLines(answerBelowQuestion(rendered.question, rendered.answer)));
    if (!question) continue;
    if (question.length > CARD_TEXT_MAX_LENGTH || answer.length > CARD_TEXT_MAX_LENGTH) {
      return { reason: `card “${card.template.name}” is over the length of a card` };
    }
    sides.push({ ordinal: card.ordinal, question, answer });
  }
  if (!sides.length) return { nothingShown: true };
  return { fields, sides, media, hadMedia };
}
