import { describe, expect, it } from 'vitest';
import { kindOfRow, parseCardsCsv, toCsv, unguardCell } from './csv';

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
