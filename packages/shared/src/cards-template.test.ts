import { describe, expect, it } from 'vitest';
import { clozeFilter, fieldIsEmpty, fieldMap, renderAnkiCard, stripHtml, templateClozeNumbers } from './cards-template';

// Anki's template rules as docs/decisions/042-anki-note-types.md states them.
const vocab = fieldMap(['Word', 'Meaning', 'Example'], ['<b>perro</b>', 'dog', 'El <i>perro</i> ladra.']);

describe('renderAnkiCard', () => {
  it('puts fields in with their HTML, and the question where the answer says {{FrontSide}}', () => {
    const card = renderAnkiCard({ qfmt: '{{Word}}', afmt: '{{FrontSide}}<hr id=answer>{{ Meaning }}' }, vocab, null);
    expect(card).toEqual({ question: '<b>perro</b>', answer: '<b>perro</b><hr id=answer>dog', empty: false });
  });

  it('renders {{FrontSide}} on the question as nothing', () => {
    expect(renderAnkiCard({ qfmt: '{{FrontSide}}{{Word}}', afmt: '' }, vocab, null).question).toBe('<b>perro</b>');
  });

  it('shows {{#F}} sections when the field has text and {{^F}} ones when it is empty', () => {
    const fields = fieldMap(['Word', 'Example', 'Note'], ['gato', 'El gato.', ' <br> <div></div>']);
    const template = {
      qfmt: '{{Word}}{{#Example}} ({{Example}}){{/Example}}{{#Note}}[{{Note}}]{{/Note}}{{^Note}}, no note{{/Note}}',
      afmt: '',
    };
    expect(renderAnkiCard(template, fields, null).question).toBe('gato (El gato.), no note');
  });

  it('nests sections', () => {
    const template = { qfmt: '{{#Word}}a{{#Example}}b{{^Meaning}}c{{/Meaning}}{{/Example}}{{/Word}}', afmt: '' };
    expect(renderAnkiCard(template, vocab, null).question).toBe('ab');
  });

  it('counts a question that uses no field with text as empty (Anki makes no card)', () => {
    const fields = fieldMap(['Front', 'Back', 'Add Reverse'], ['cat', 'gato', '']);
    const reverse = { qfmt: '{{#Add Reverse}}{{Back}}{{/Add Reverse}}', afmt: '{{FrontSide}}<hr>{{Front}}' };
    expect(renderAnkiCard(reverse, fields, null).empty).toBe(true);
    expect(renderAnkiCard(reverse, { ...fields, 'Add Reverse': 'y' }, null)).toMatchObject({
      question: 'gato',
      empty: false,
    });
    expect(renderAnkiCard({ qfmt: 'Only text', afmt: '' }, fields, null).empty).toBe(true);
    expect(renderAnkiCard({ qfmt: '{{^Add Reverse}}{{Front}}{{/Add Reverse}}', afmt: '' }, fields, null).empty).toBe(
      false,
    );
  });

  it('hides the card’s cloze deletions on the question and shows them in bold on the answer', () => {
    const fields = fieldMap(['Text', 'Extra'], ['{{c1::Paris}} is in {{c2::France::country}}.', 'Capital']);
    const template = { qfmt: '{{cloze:Text}}', afmt: '{{cloze:Text}}<br>{{Extra}}' };
    expect(renderAnkiCard(template, fields, 1)).toEqual({
      question: '<span class="cloze">[...]</span> is in France.',
      answer: '<span class="cloze"><b>Paris</b></span> is in France.<br>Capital',
      empty: false,
    });
    expect(renderAnkiCard(template, fields, 2)).toMatchObject({
      question: 'Paris is in <span class="cloze">[country]</span>.',
      answer: 'Paris is in <span class="cloze"><b>France</b></span>.<br>Capital',
    });
    expect(renderAnkiCard(template, fields, 3)).toMatchObject({ question: '', empty: true });
  });

  it('reads nested and shared cloze deletions as Anki does', () => {
    const plain = (html: string) => html.replace(/<span class="cloze">|<\/span>/g, '');
    expect(plain(clozeFilter('{{c1::a {{c2::b}}}} {{c1,3::c}}', 1, true))).toBe('[...] [...]');
    expect(plain(clozeFilter('{{c1::a {{c2::b}}}} {{c1,3::c}}', 2, true))).toBe('a [...] c');
    expect(clozeFilter('{{c1::a {{c2::b}}}} {{c1,3::c}}', 2, false)).toBe('a <span class="cloze"><b>b</b></span> c');
    expect(plain(clozeFilter('{{c1::a}} }} {{c1::open', 1, false))).toBe('<b>a</b> }} ');
    expect(templateClozeNumbers('{{c1::a {{c2::b}}}} {{c1,3::c}} {{c::no}}')).toEqual([1, 2, 3]);
  });

  it('makes {{#cN}} true on card cN of a cloze note type', () => {
    const fields = fieldMap(['Text'], ['{{c1::a}} {{c2::b}}']);
    const template = { qfmt: '{{cloze:Text}}{{#c2}} (second){{/c2}}', afmt: '' };
    expect(renderAnkiCard(template, fields, 2).question).toBe('a <span class="cloze">[...]</span> (second)');
    expect(renderAnkiCard(template, fields, 1).question).toBe('<span class="cloze">[...]</span> b');
  });

  it('applies hint: and text: from the field outwards, shows type: as the field on the answer and ignores unknown filters', () => {
    const template = { qfmt: '{{hint:Example}}|{{text:Word}}|{{text:hint:Example}}|{{type:Meaning}}', afmt: '' };
    expect(renderAnkiCard(template, vocab, null).question).toBe(
      '<details><summary>Example</summary>El <i>perro</i> ladra.</details>|perro|ExampleEl perro ladra.|',
    );
    // Anki's stock "Basic (type in the answer)": the question has a typing box, the answer the right answer.
    const typed = { qfmt: '{{Word}}\n\n{{type:Meaning}}', afmt: '{{Word}}\n\n<hr id=answer>\n\n{{type:Meaning}}' };
    expect(renderAnkiCard(typed, vocab, null)).toMatchObject({
      question: '<b>perro</b>\n\n',
      answer: '<b>perro</b>\n\n<hr id=answer>\n\ndog',
    });
    expect(
      renderAnkiCard({ qfmt: '{{furigana:Word}}{{tts en_US:Meaning}}{{kana:}}', afmt: '' }, vocab, null),
    ).toMatchObject({
      question: '<b>perro</b>dog',
    });
    expect(renderAnkiCard({ qfmt: '{{hint:Note}}', afmt: '' }, fieldMap(['Note'], ['']), null).question).toBe('');
  });

  it('shows type:cloze: as the answer’s text', () => {
    const fields = fieldMap(['Text'], ['{{c1::uno}} dos']);
    expect(renderAnkiCard({ qfmt: '{{cloze:Text}}', afmt: '{{type:cloze:Text}}' }, fields, 1).answer).toBe(
      '<span class="cloze"><b>uno</b></span> dos',
    );
  });

  it('reads the old <% %> delimiters and leaves comments as they are', () => {
    expect(renderAnkiCard({ qfmt: '{{=<% %>=}}<%Word%> <!-- {{Meaning}} -->', afmt: '' }, vocab, null).question).toBe(
      '<b>perro</b> <!-- {{Meaning}} -->',
    );
  });

  it('refuses a template Anki would not render', () => {
    expect(() => renderAnkiCard({ qfmt: '{{Missing}}', afmt: '' }, vocab, null)).toThrow(/does not have/);
    expect(() => renderAnkiCard({ qfmt: '{{#Word}}open', afmt: '' }, vocab, null)).toThrow(/not closed/);
    expect(() => renderAnkiCard({ qfmt: '{{/Word}}', afmt: '' }, vocab, null)).toThrow(/not open/);
    expect(() => renderAnkiCard({ qfmt: '{{constructor}}', afmt: '' }, vocab, null)).toThrow(/does not have/);
  });
});

describe('fields', () => {
  it('counts whitespace, <br> and <div> as empty, as Anki does', () => {
    expect(fieldIsEmpty(' <br/>\n<div> </div><BR >')).toBe(true);
    expect(fieldIsEmpty('&nbsp;')).toBe(false);
    expect(fieldIsEmpty('<img src="a.png">')).toBe(false);
  });

  it('strips HTML for text:, in time linear in the field', () => {
    expect(stripHtml('<b>a</b> &amp; b&nbsp;&lt;c&gt; 1 < 2')).toBe('a & b <c> 1 < 2');
    const started = Date.now();
    expect(stripHtml('<'.repeat(200_000))).toHaveLength(200_000);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('keeps the first of two fields with one name', () => {
    expect(fieldMap(['A', 'A', 'B'], ['1', '2'])).toEqual({ A: '1', B: '' });
  });
});
