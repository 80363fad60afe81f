import { describe, expect, it } from 'vitest';
import { NOTE_CONTENT_MAX_LENGTH, NOTE_TITLE_MAX_LENGTH } from '@turtle/shared/constants';
import { canSave, EMPTY_DRAFT, hasUnsavedChanges, isBlankDraft, isTooLong } from './note-draft';

describe('canSave (product.md §5: disabled while both title and content are blank after trimming)', () => {
  it.each([
    ['', ''],
    ['   ', ''],
    ['', ' \n\t '],
    [' ', '\n'],
  ])('is off for title %j and content %j', (name, content) => {
    expect(isBlankDraft({ name, content })).toBe(true);
    expect(canSave({ name, content }, false)).toBe(false);
  });

  it.each([
    ['Groceries', ''],
    ['', 'Milk'],
    ['  x  ', '   '],
    ['Title', 'Body'],
  ])('is on for title %j and content %j', (name, content) => {
    expect(canSave({ name, content }, false)).toBe(true);
  });

  it('is off while a save runs', () => {
    expect(canSave({ name: 'Title', content: 'Body' }, true)).toBe(false);
  });

  it('is on up to the limits and off past them', () => {
    const longest = { name: 'x'.repeat(NOTE_TITLE_MAX_LENGTH), content: 'y'.repeat(NOTE_CONTENT_MAX_LENGTH) };
    expect(isTooLong(longest)).toBe(false);
    expect(canSave(longest, false)).toBe(true);
    expect(canSave({ ...longest, name: `${longest.name}x` }, false)).toBe(false);
    expect(canSave({ ...longest, content: `${longest.content}y` }, false)).toBe(false);
  });
});

describe('hasUnsavedChanges', () => {
  it('is false for an untouched new note and for a note as loaded', () => {
    expect(hasUnsavedChanges(EMPTY_DRAFT, EMPTY_DRAFT)).toBe(false);
    expect(hasUnsavedChanges({ name: 'A', content: 'B' }, { name: 'A', content: 'B' })).toBe(false);
  });

  it('is true as soon as the title or the content differs, even by a space', () => {
    expect(hasUnsavedChanges({ name: ' ', content: '' }, EMPTY_DRAFT)).toBe(true);
    expect(hasUnsavedChanges({ name: 'A', content: 'B ' }, { name: 'A', content: 'B' })).toBe(true);
    expect(hasUnsavedChanges({ name: 'a', content: 'B' }, { name: 'A', content: 'B' })).toBe(true);
  });
});
