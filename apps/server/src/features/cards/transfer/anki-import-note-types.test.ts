import { describe, expect, it } from 'vitest';
import type { AnkiNoteType } from './anki-collection';
import { builtInKind, keepNote } from './anki-import-note-types';

// docs/decisions/042-anki-note-types.md: which note types stay Turtle kinds, and how a kept one's cards come out.
const ANSWER = '{{FrontSide}}\n\n<hr id=answer>\n\n';
const noteType = (overrides: Partial<AnkiNoteType>): AnkiNoteType => ({
  id: 1,
  name: 'Basic',
  type: 0,
  fieldNames: ['Front', 'Back'],
  templates: [{ name: 'Card 1', qfmt: '{{Front}}', afmt: `${ANSWER}{{Back}}` }],
  css: '',
  ...overrides,
});

describe('builtInKind', () => {
  it('knows Anki’s stock Basic, Basic and reversed and Cloze whatever their fields are called', () => {
    expect(builtInKind(noteType({}))).toBe('basic');
    expect(
      builtInKind(
        noteType({
          fieldNames: ['Spanish', 'English'],
          templates: [
            { name: 'Card 1', qfmt: '{{Spanish}}', afmt: '{{FrontSide}}<hr id="answer">{{English}}' },
            { name: 'Card 2', qfmt: ' {{English}} ', afmt: `${ANSWER}{{Spanish}}` },
          ],
        }),
      ),
    ).toBe('reversed');
    expect(
      builtInKind(
        noteType({
          type: 1,
          fieldNames: ['Text', 'Back Extra'],
          templates: [{ name: 'Cloze', qfmt: '{{cloze:Text}}', afmt: '{{cloze:Text}}<br>\n{{Back Extra}}' }],
        }),
      ),
    ).toBe('cloze');
  });

  it('keeps any other shape: a third field, a template of its own, a third template', () => {
    expect(builtInKind(noteType({ fieldNames: ['Front', 'Back', 'Extra'] }))).toBeNull();
    expect(
      builtInKind(noteType({ templates: [{ name: 'Card 1', qfmt: '<div class=big>{{Front}}</div>', afmt: '' }] })),
    ).toBeNull();
    expect(builtInKind(noteType({ templates: [{ name: 'Card 1', qfmt: '{{Front}}', afmt: '{{Back}}' }] }))).toBeNull();
    expect(builtInKind(noteType({ templates: [] }))).toBeNull();
  });
});

describe('keepNote', () => {
  const vocab = noteType({
    name: 'Vocab',
    fieldNames: ['Word', 'Meaning', 'Example'],
    templates: [
      { name: 'Recognise', qfmt: '{{Word}}', afmt: `${ANSWER}{{Meaning}}` },
      { name: 'Recall', qfmt: '{{Meaning}}{{#Example}}<br>{{hint:Example}}{{/Example}}', afmt: `${ANSWER}{{Word}}` },
      { name: 'Use', qfmt: '{{#Example}}Use {{Word}}{{/Example}}', afmt: '{{FrontSide}}<hr id=answer>{{Example}}' },
    ],
  });

  it('keeps every field and the cards Anki makes, each answer without the question above it', () => {
    expect(keepNote(vocab, ['<span style="color:red">perro</span>', 'dog', ''], () => undefined)).toEqual({
      fields: ['perro', 'dog', ''],
      sides: [
        { ordinal: 0, question: 'perro', answer: 'dog' },
        { ordinal: 1, question: 'dog', answer: 'perro' },
      ],
      media: [],
      hadMedia: false,
    });
  });

  it('writes a hint as a line naming its field', () => {
    const kept = keepNote(vocab, ['perro', 'dog', 'El perro ladra.'], () => undefined);
    expect('sides' in kept && kept.sides[1]).toEqual({
      ordinal: 1,
      question: 'dog<br>\n<i>Example:</i> El perro ladra.',
      answer: 'perro',
    });
    expect('sides' in kept && kept.sides[2]).toEqual({ ordinal: 2, question: 'Use perro', answer: 'El perro ladra.' });
  });

  it('reads a field of many unclosed tags and hint openings in time linear in its length', () => {
    const started = performance.now();
    const kept = keepNote(vocab, ['<details><summary>'.repeat(5_000), '<'.repeat(100_000), 'x'], () => undefined);
    expect('sides' in kept || 'reason' in kept).toBe(true);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('numbers a cloze note type’s cards by their cloze number', () => {
    const cloze = noteType({
      type: 1,
      fieldNames: ['Text', 'Source'],
      templates: [{ name: 'Cloze', qfmt: '{{cloze:Text}}', afmt: '{{cloze:Text}}<br>{{Source}}' }],
    });
    const kept = keepNote(cloze, ['{{c2::uno}} {{c3::dos}}', 'Libro'], () => undefined);
    expect('sides' in kept && kept.sides).toEqual([
      {
        ordinal: 2,
        question: '<span class="ak-cloze">[...]</span> dos',
        answer: '<span class="ak-cloze"><b>uno</b></span> dos<br>\nLibro',
      },
      {
        ordinal: 3,
        question: 'uno <span class="ak-cloze">[...]</span>',
        answer: 'uno <span class="ak-cloze"><b>dos</b></span><br>\nLibro',
      },
    ]);
  });

  it('says why a note is left out, or that none of its cards shows anything', () => {
    const broken = noteType({ templates: [{ name: 'Card 1', qfmt: '{{Missing}}', afmt: '' }] });
    expect(keepNote(broken, ['a', 'b'], () => undefined)).toEqual({
      reason: 'its template “Card 1”: {{Missing}} names a field the note type does not have.',
    });
    const image = noteType({ templates: [{ name: 'Card 1', qfmt: '{{Front}}', afmt: '' }] });
    expect(keepNote(image, ['<img src="lost.png">', ''], () => undefined)).toEqual({ nothingShown: true });
    expect(keepNote(image, ['x'.repeat(20_000), ''], () => undefined)).toEqual({
      reason: 'the field “Front” is over the length of a card',
    });
  });
});
