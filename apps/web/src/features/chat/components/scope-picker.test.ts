import { describe, expect, it } from 'vitest';
import { deckOptionLabel, scopeOf } from './scope-picker';

// docs/decisions/044-cards-in-the-index.md: the composer's scope, everything by default.
describe('scopeOf', () => {
  it('sends no scope for everything, a kind, or the chosen deck', () => {
    expect(scopeOf('all', 'd1')).toBeUndefined();
    expect(scopeOf('note', null)).toEqual({ kind: 'note' });
    expect(scopeOf('lesson', null)).toEqual({ kind: 'lesson' });
    expect(scopeOf('card', 'd1')).toEqual({ kind: 'card' });
    expect(scopeOf('deck', 'd1')).toEqual({ kind: 'deck', deckId: 'd1' });
  });

  it('reads all the cards while no deck is chosen yet', () => {
    expect(scopeOf('deck', null)).toEqual({ kind: 'card' });
  });
});

describe('deckOptionLabel', () => {
  it('shows a subdeck under its parent', () => {
    expect(deckOptionLabel('Spanish::Verbs::Irregular')).toBe('Spanish › Verbs › Irregular');
    expect(deckOptionLabel('Investing')).toBe('Investing');
  });
});
