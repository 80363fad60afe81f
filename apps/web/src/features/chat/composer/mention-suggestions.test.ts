import { checkForMentions } from 'lexical-beautiful-mentions';
import { describe, expect, it } from 'vitest';
import { MENTION_MENU_ITEM_LIMIT, MENTION_QUERY_MAX_LENGTH } from '@turtle/shared/constants';
import { suggestNotes, type MentionableNote } from './mention-suggestions';

function note(id: string, name: string, lastAccessAt: number, createdAt = 1): MentionableNote {
  return { id, name, lastAccessAt, createdAt };
}

const NOTES = [
  note('1', 'Groceries', 10),
  note('2', 'Reading list', 70),
  note('3', 'Index funds in one page', 30),
  note('4', 'Questions for lesson 3', 50),
  note('5', 'Trip to Lisbon', 20),
  note('6', 'Gift ideas', 60),
  note('7', 'Budget', 40),
];

describe('suggestNotes', () => {
  it('offers every note for a bare @, most recently opened first, at most five', () => {
    expect(MENTION_MENU_ITEM_LIMIT).toBe(5);
    expect(suggestNotes(NOTES, '').map((item) => item.value)).toEqual([
      'Reading list',
      'Gift ideas',
      'Questions for lesson 3',
      'Budget',
      'Index funds in one page',
    ]);
    expect(suggestNotes(NOTES, null)).toHaveLength(5);
    expect(suggestNotes(NOTES, undefined)).toHaveLength(5);
  });

  it('keeps the names that contain the query anywhere, whatever the case', () => {
    expect(suggestNotes(NOTES, 'LIS').map((item) => item.value)).toEqual(['Reading list', 'Trip to Lisbon']);
    expect(suggestNotes(NOTES, 'in one p').map((item) => item.value)).toEqual(['Index funds in one page']);
    expect(suggestNotes(NOTES, 'xyz')).toEqual([]);
  });

  it('gives the note name as the value and the note id as the data', () => {
    expect(suggestNotes(NOTES, 'groc')).toEqual([{ value: 'Groceries', id: '1' }]);
  });

  it('orders ties by creation, newest first, then by id, and leaves the given list alone', () => {
    const notes = [note('b', 'Same', 5, 1), note('a', 'Same', 5, 1), note('c', 'Same', 5, 2)];
    expect(suggestNotes(notes, 'same').map((item) => item.id)).toEqual(['c', 'a', 'b']);
    expect(notes.map((n) => n.id)).toEqual(['b', 'a', 'c']);
  });

  it('honours another limit', () => {
    expect(suggestNotes(NOTES, '', 2)).toHaveLength(2);
    expect(suggestNotes(NOTES, '', 0)).toEqual([]);
  });
});

describe('the @ query the mention plugin reads', () => {
  // The plugin's default punctuation (BeautifulMentionsPluginProps `punctuation`).
  const PUNCTUATION = '\\.,\\*\\?\\$\\|#{}\\(\\)\\^\\[\\]\\/!%\'\\"~=<>_:;';
  const match = (text: string) => checkForMentions(text, ['@'], '\\(', PUNCTUATION, true)?.matchingString ?? null;

  it('allows spaces in the query', () => {
    expect(match('Look at @Index funds in')).toBe('Index funds in');
  });

  it('reads up to 75 characters after the trigger, and no more', () => {
    expect(MENTION_QUERY_MAX_LENGTH).toBe(75);
    const longest = 'a'.repeat(MENTION_QUERY_MAX_LENGTH);
    expect(match(`@${longest}`)).toBe(longest);
    expect(match(`@${longest}a`)).toBeNull();
  });

  it('needs the @ at the start or after a space', () => {
    expect(match('mail@example')).toBeNull();
    expect(match('@')).toBe('');
  });
});
