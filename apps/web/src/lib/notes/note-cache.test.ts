import { describe, expect, it } from 'vitest';
import type { Note } from '@turtle/shared/note';
import { reconcileNoteCache } from './note-cache';

function note(id: string, lastAccessAt: number, name = `Note ${id}`): Note {
  return { id, name, content: '', createdAt: 1, updatedAt: lastAccessAt, lastAccessAt };
}

describe('reconcileNoteCache', () => {
  it('fills an empty cache with the list', () => {
    const fresh = [note('a', 5), note('b', 6)];
    expect(reconcileNoteCache({}, fresh)).toEqual({ remove: [], upsert: fresh });
  });

  it('drops cached notes the server no longer lists', () => {
    const update = reconcileNoteCache({ a: note('a', 5), gone: note('gone', 9) }, [note('a', 5)]);
    expect(update.remove).toEqual(['gone']);
  });

  it('takes the server copy when it is as new or newer (an edit on another device)', () => {
    const fresh = [note('a', 7, 'Renamed'), note('b', 4)];
    expect(reconcileNoteCache({ a: note('a', 5), b: note('b', 4) }, fresh).upsert).toEqual(fresh);
  });

  it('keeps a cached copy that was opened or saved after the list was read', () => {
    const update = reconcileNoteCache({ a: note('a', 9, 'Opened just now') }, [note('a', 5), note('b', 6)]);
    expect(update).toEqual({ remove: [], upsert: [note('b', 6)] });
  });

  it('empties the cache when the server lists nothing', () => {
    expect(reconcileNoteCache({ a: note('a', 1) }, [])).toEqual({ remove: ['a'], upsert: [] });
  });
});
