import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@turtle/shared/search';
import { groupResults, inOrder, resultTitle, snippetParts } from './search-results';

const result = (kind: SearchResult['kind'], sourceId: string, extra: Partial<SearchResult> = {}): SearchResult => ({
  kind,
  sourceId,
  title: sourceId,
  position: 0,
  snippet: '',
  highlights: [],
  ...extra,
});

// docs/decisions/039-shared-lesson-passages.md: the search box groups results by kind and marks the matched words.
describe('groupResults', () => {
  it('groups by kind in a fixed order, best first in each, numbered top to bottom', () => {
    const groups = groupResults([
      result('chat', 'c1'),
      result('note', 'n1'),
      result('lesson', 'l1'),
      result('note', 'n2'),
      result('card', 'k1'),
    ]);
    expect(groups.map((group) => group.label)).toEqual(['Notes', 'Lessons', 'Past chats', 'Cards']);
    expect(groups[0]!.items.map((item) => [item.result.sourceId, item.index])).toEqual([
      ['n1', 0],
      ['n2', 1],
    ]);
    expect(inOrder(groups).map((found) => found.sourceId)).toEqual(['n1', 'n2', 'l1', 'c1', 'k1']);
    expect(groupResults([])).toEqual([]);
  });
});

describe('snippetParts', () => {
  it('marks the matched words and keeps the rest', () => {
    expect(
      snippetParts({
        snippet: 'low fund fees',
        highlights: [
          [4, 4],
          [9, 4],
        ],
      }),
    ).toEqual([
      { text: 'low ', marked: false },
      { text: 'fund', marked: true },
      { text: ' ', marked: false },
      { text: 'fees', marked: true },
    ]);
  });

  it('leaves out a highlight out of range or overlapping the one before', () => {
    expect(
      snippetParts({
        snippet: 'abc',
        highlights: [
          [0, 2],
          [1, 1],
          [2, 5],
        ],
      }),
    ).toEqual([
      { text: 'ab', marked: true },
      { text: 'c', marked: false },
    ]);
  });
});

describe('resultTitle', () => {
  it("names a lesson's moment and an untitled note", () => {
    expect(resultTitle(result('lesson', 'x', { title: 'Why invest', startMs: 65_000 }))).toBe('Why invest 01:05');
    expect(resultTitle(result('note', 'x', { title: '' }))).toBe('Untitled Note');
  });
});
