import { describe, expect, it } from 'vitest';
import type { Note } from '@turtle/shared/note';
import { filterNotes, formatNoteCount, sortByLastAccess } from './note-list';

function note(id: string, fields: Partial<Note> = {}): Note {
  return { id, name: `Note ${id}`, content: '', createdAt: 1, updatedAt: 1, lastAccessAt: 1, ...fields };
}

describe('sortByLastAccess', () => {
  it('puts the most recently opened note first, without changing the list it was given', () => {
    const notes = [note('a', { lastAccessAt: 10 }), note('b', { lastAccessAt: 30 }), note('c', { lastAccessAt: 20 })];
    expect(sortByLastAccess(notes).map((n) => n.id)).toEqual(['b', 'c', 'a']);
    expect(notes.map((n) => n.id)).toEqual(['a', 'b', 'c']);
  });

  it('breaks ties by creation time, newest first, then by id', () => {
    const notes = [
      note('x', { lastAccessAt: 5, createdAt: 1 }),
      note('y', { lastAccessAt: 5, createdAt: 2 }),
      note('w', { lastAccessAt: 5, createdAt: 1 }),
    ];
    expect(sortByLastAccess(notes).map((n) => n.id)).toEqual(['y', 'w', 'x']);
  });
});

describe('filterNotes', () => {
  const notes = [
    note('1', { name: 'Groceries', content: 'Milk, eggs and BREAD' }),
    note('2', { name: 'Investing basics', content: 'Index funds spread the risk.' }),
    note('3', { name: 'Untitled Note', content: 'Call the bank about the bread maker' }),
  ];
  const ids = (query: string) => filterNotes(notes, query).map((n) => n.id);

  it('keeps every note, in order, for an empty or blank query', () => {
    expect(ids('')).toEqual(['1', '2', '3']);
    expect(ids('   ')).toEqual(['1', '2', '3']);
  });

  it('matches the title, whatever the case', () => {
    expect(ids('groc')).toEqual(['1']);
    expect(ids('INVESTING')).toEqual(['2']);
  });

  it('matches the content, whatever the case', () => {
    expect(ids('index FUNDS')).toEqual(['2']);
    expect(ids('bread')).toEqual(['1', '3']);
  });

  it('ignores spaces around the query but not inside it', () => {
    expect(ids('  bank  ')).toEqual(['3']);
    expect(ids('milk,eggs')).toEqual([]);
  });

  it('finds nothing for text no note holds', () => {
    expect(ids('zebra')).toEqual([]);
  });
});

describe('formatNoteCount', () => {
  it.each([
    [0, '0 notes'],
    [1, '1 note'],
    [2, '2 notes'],
    [200, '200 notes'],
  ])('%i reads %s', (count, text) => {
    expect(formatNoteCount(count)).toBe(text);
  });
});
