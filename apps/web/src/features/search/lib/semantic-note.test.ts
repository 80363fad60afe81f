import { describe, expect, it } from 'vitest';
import { SEMANTIC_UNAVAILABLE_NOTE } from '@turtle/shared/search-helpers';
import { semanticNote } from './semantic-note';

// docs/decisions/048-semantic-search.md: the search box says when semantic search is unavailable, and how far the
// learner's passages are embedded.
describe('the search box’s line about semantic search', () => {
  it('counts the passages embedded so far, with thousands separated', () => {
    expect(semanticNote({ semantic: 'preparing', embedded: 1200, total: 4000 }, 'on')).toBe(
      'Preparing semantic search: 1,200 of 4,000 passages',
    );
    expect(semanticNote({ semantic: 'preparing', embedded: 0, total: 1 }, undefined)).toBe(
      'Preparing semantic search: 0 of 1 passage',
    );
  });

  it('says semantic search is unavailable when the last search or the server says the model failed', () => {
    expect(semanticNote({ semantic: 'ready' }, 'unavailable')).toBe(SEMANTIC_UNAVAILABLE_NOTE);
    expect(semanticNote({ semantic: 'unavailable', embedded: 5, total: 9 }, undefined)).toBe(SEMANTIC_UNAVAILABLE_NOTE);
  });

  it('says nothing when semantic search is off or ready', () => {
    expect(semanticNote({ semantic: 'off' }, 'off')).toBeNull();
    expect(semanticNote({ semantic: 'ready' }, 'on')).toBeNull();
    expect(semanticNote(undefined, undefined)).toBeNull();
  });
});
