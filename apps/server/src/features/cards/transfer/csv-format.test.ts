import { describe, expect, it } from 'vitest';
import { guardCell, kindOfRow, parseCardsCsv, toCsv, unguardCell } from './csv-format';

describe('CSV export', () => {
  it('quotes what needs quoting and defuses formula cells (=, +, -, @, tab, carriage return)', () => {
    const csv = toCsv([
      { kind: 'basic', front: '=1+1', back: '@me', deck: 'D', tags: [] },
      { kind: 'basic', front: '-x\ny', back: '\tz', deck: 'a,b', tags: ['t'] },
      { kind: 'cloze', front: 'plain "quoted"', back: '+3', deck: 'D', tags: [] },
    ]);
    expect(csv).toBe(
      '\uFEFFfront,back,deck,tags,type\r\n\'=1+1,\'@me,D,,basic\r\n"\'-x\ny",\'\tz,"a,b",t,basic\r\n"plain ""quoted""",\'+3,D,,cloze\r\n',
    );
  });
  it('reads its own export back to the same cells', () => {
    const cards = [{ kind: 'basic' as const, front: '-x\ny', back: '=SUM(A1)', deck: 'D', tags: ['a', 'b'] }];
    const { rows, errors } = parseCardsCsv(toCsv(cards));
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { row: 2, cells: { front: '-x\ny', back: '=SUM(A1)', deck: 'D', tags: 'a b', type: 'basic' } },
    ]);
    expect(unguardCell("'plain")).toBe("'plain");
  });
  it("writes a kept note type's note whole: its note type and every field, the others' cells empty", () => {
    // docs/decisions/047-anki-note-fields-and-styles.md
    const csv = toCsv([
      {
        kind: 'basic',
        front: 'perro',
        back: 'dog',
        deck: 'D',
        tags: [],
        noteType: 'Vocab',
        fields: ['perro', 'dog', '=ladra'],
      },
      { kind: 'basic', front: 'Q', back: 'A', deck: 'D', tags: [], noteType: 'Two', fields: ['Q', 'A'] },
      { kind: 'basic', front: 'own', back: 'note', deck: 'D', tags: [], fields: null },
    ]);
    expect(csv).toBe(
      '\uFEFFfront,back,deck,tags,type,note type,field 1,field 2,field 3\r\n' +
        "perro,dog,D,,basic,Vocab,perro,dog,'=ladra\r\nQ,A,D,,basic,Two,Q,A,\r\nown,note,D,,basic,,,,\r\n",
    );
    const { rows, errors } = parseCardsCsv(csv);
    expect(errors).toEqual([]);
    expect(rows.map((row) => row.cells)).toEqual([
      { front: 'perro', back: 'dog', deck: 'D', tags: '', type: 'basic' },
      { front: 'Q', back: 'A', deck: 'D', tags: '', type: 'basic' },
      { front: 'own', back: 'note', deck: 'D', tags: '', type: 'basic' },
    ]);
    // Each kept note's note type and fields, unguarded, up to its last field with text.
    expect(rows.map((row) => row.noteType)).toEqual([
      { name: 'Vocab', fields: ['perro', 'dog', '=ladra'] },
      { name: 'Two', fields: ['Q', 'A'] },
      undefined,
    ]);
  });
  it('writes the five columns only when no note has a note type', () => {
    expect(toCsv([{ kind: 'basic', front: 'Q', back: 'A', deck: 'D', tags: [], fields: null }])).toBe(
      '\uFEFFfront,back,deck,tags,type\r\nQ,A,D,,basic\r\n',
    );
    expect(parseCardsCsv('front,back,field 1000\nQ,A,x').errors[0]!.message).toContain('unknown column “field 1000”');
  });
});

describe('CSV import parsing', () => {
  it('reads rows without a header in the order front, back, deck, tags, type; skips blank rows', () => {
    expect(parseCardsCsv('Q,A,Deck\n\nQ2,A2\n').rows).toEqual([
      { row: 1, cells: { front: 'Q', back: 'A', deck: 'Deck', tags: '', type: '' } },
      { row: 3, cells: { front: 'Q2', back: 'A2', deck: '', tags: '', type: '' } },
    ]);
  });
  it('detects semicolons and tabs', () => {
    expect(parseCardsCsv('front;back\nQ;A').rows[0]!.cells).toMatchObject({ front: 'Q', back: 'A' });
    expect(parseCardsCsv('front\tback\nQ\tA').rows[0]!.cells).toMatchObject({ front: 'Q', back: 'A' });
  });
  it('names a row whose quotes are broken, and a header column twice', () => {
    expect(parseCardsCsv('"a"b,c\nok,fine').errors).toEqual([
      { row: 1, message: 'Row 1: a quote inside a quoted cell must be doubled ("").' },
    ]);
    expect(parseCardsCsv('front,front\nx,y').errors[0]!.message).toBe('Row 1: the column “front” is there twice.');
  });
  it('infers the type when the column is empty', () => {
    expect(kindOfRow('', '{{c1::x}}')).toBe('cloze');
    expect(kindOfRow(undefined, 'x')).toBe('basic');
    expect(kindOfRow('Reversed', 'x')).toBe('reversed');
    expect(kindOfRow('poem', 'x')).toBeUndefined();
  });
});

describe('CSV formula guard (docs/decisions/012-flashcards.md)', () => {
  const TRICKY = [
    '\uFF1D1+1', // fullwidth =
    '\uFF0B1',
    '\uFF0D1',
    '\uFF20SUM(A1)',
    '\u200B=1+1', // a zero-width space before the formula
    '\uFEFF+1',
    '\u200C=1',
    '\u200D-1',
    '\u2060@x',
    '\u200B\u200C\uFF1D1',
    "'=x",
    "''=x",
    "'''+x",
    "'\u200B=x",
    "'\uFF1Dx",
    "'hello",
    "''",
    "'",
    "'-",
    'plain',
    '',
    "=x'",
    "'\t",
  ];

  it('neutralises every cell a spreadsheet could run: a leading apostrophe before the formula-looking text', () => {
    for (const cell of [
      '\uFF1D1+1',
      '\u200B=1+1',
      '\uFEFF+1',
      '\uFF0B1',
      '\uFF0D1',
      '\uFF20x',
      '\u2060=1',
      '=1',
      '@x',
    ]) {
      expect(guardCell(cell), JSON.stringify(cell)).toBe(`'${cell}`);
    }
    // Text that already starts with an apostrophe before a formula character gets one more, so import can tell.
    expect(guardCell("'=x")).toBe("''=x");
    expect(guardCell("''=x")).toBe("'''=x");
    // Anything else is written as it is.
    for (const cell of ["'hello", 'plain', "=x'".slice(1), "'", '', 'a=b', ' =1']) {
      expect(guardCell(cell), JSON.stringify(cell)).toBe(cell);
    }
  });

  it('every cell comes back exactly: unguard(guard(x)) is x', () => {
    for (const cell of TRICKY) expect(unguardCell(guardCell(cell)), JSON.stringify(cell)).toBe(cell);
  });

  it('a whole export reads back to the same cells, and no exported cell starts like a formula', () => {
    const csvCards = TRICKY.filter((text) => text !== '').map((front, index) => ({
      kind: 'basic' as const,
      front,
      back: TRICKY[(index + 5) % TRICKY.length]!,
      deck: 'D',
      tags: [],
    }));
    const csv = toCsv(csvCards);
    const { rows, errors } = parseCardsCsv(csv);
    expect(errors).toEqual([]);
    expect(rows.map((row) => [row.cells.front, row.cells.back])).toEqual(
      csvCards.map((card) => [card.front, card.back]),
    );
    // Read raw (no unguarding): each cell starts with text a spreadsheet shows as it is.
    const raw = csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1)
      .filter(Boolean);
    const formulaStart = /^"?[\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\t\r]/u;
    for (const line of raw) {
      for (const cell of line.split(',')) expect(formulaStart.test(cell), JSON.stringify(cell)).toBe(false);
    }
  });

  it('files written by the earlier guard still read back as before', () => {
    expect(unguardCell("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(unguardCell("'-x")).toBe('-x');
    expect(unguardCell("'\tz")).toBe('\tz');
    expect(unguardCell("'plain")).toBe("'plain");
  });
});
