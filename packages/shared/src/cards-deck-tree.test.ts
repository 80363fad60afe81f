import { describe, expect, it } from 'vitest';
import { ancestorDeckNames, deckTree, isInDeck, movedDeckName, normalizeDeckName } from './cards-deck-tree';

const deck = (id: string, name: string, cards = 0, due = { new: 0, learning: 0, review: 0 }) => ({
  id,
  name,
  cards,
  due,
});

describe('subdecks by name (docs/decisions/041-subdecks.md)', () => {
  it('spells a path one way and names its ancestors', () => {
    expect(normalizeDeckName(' Spanish :: Verbs ::  ')).toBe('Spanish::Verbs');
    expect(normalizeDeckName('::')).toBe('');
    expect(ancestorDeckNames('A::B::C')).toEqual(['A', 'A::B']);
    expect(ancestorDeckNames('A')).toEqual([]);
  });

  it('knows what lies under a deck, ignoring case, and not a deck that only starts alike', () => {
    expect(isInDeck('Spanish::Verbs', 'spanish')).toBe(true);
    expect(isInDeck('Spanish', 'Spanish')).toBe(true);
    expect(isInDeck('Spanish 2', 'Spanish')).toBe(false);
    expect(isInDeck('Spanish', 'Spanish::Verbs')).toBe(false);
  });

  it('moves the children along with a renamed parent', () => {
    expect(movedDeckName('Spanish::Verbs::Irregular', 'Spanish', 'Español')).toBe('Español::Verbs::Irregular');
    expect(movedDeckName('Spanish 2', 'Spanish', 'Español')).toBe('Spanish 2');
  });

  it('orders parents before children and rolls the counts up from every descendant', () => {
    const tree = deckTree([
      deck('v', 'Spanish::Verbs', 3, { new: 2, learning: 1, review: 0 }),
      deck('i', 'Spanish::Verbs::Irregular', 4, { new: 1, learning: 0, review: 2 }),
      deck('s', 'Spanish', 1, { new: 0, learning: 0, review: 1 }),
      deck('n', 'spanish::Nouns', 5, { new: 5, learning: 0, review: 0 }),
      deck('f', 'French', 2),
    ]);
    expect(tree.map((entry) => [entry.label, entry.depth, entry.parentId])).toEqual([
      ['French', 0, null],
      ['Spanish', 0, null],
      ['Nouns', 1, 's'],
      ['Verbs', 1, 's'],
      ['Irregular', 2, 'v'],
    ]);
    const spanish = tree.find((entry) => entry.deck.id === 's')!;
    expect(spanish.total).toEqual({ cards: 13, due: { new: 8, learning: 1, review: 3 } });
    expect(spanish.hasChildren).toBe(true);
    const verbs = tree.find((entry) => entry.deck.id === 'v')!;
    expect(verbs.total).toEqual({ cards: 7, due: { new: 3, learning: 1, review: 2 } });
    expect(tree.find((entry) => entry.deck.id === 'i')!.hasChildren).toBe(false);
  });

  it("caps a parent's new cards and reviews at what is left of the day's limits", () => {
    const tree = deckTree(
      [
        deck('a', 'A', 0, { new: 0, learning: 0, review: 0 }),
        deck('b', 'A::B', 9, { new: 6, learning: 2, review: 6 }),
        deck('c', 'A::C', 9, { new: 6, learning: 2, review: 6 }),
      ],
      { new: 10, review: 8 },
    );
    expect(tree[0]!.total.due).toEqual({ new: 10, learning: 4, review: 8 });
  });

  it('hangs a deck whose parent is missing under the nearest deck above it', () => {
    const tree = deckTree([deck('a', 'A', 1), deck('c', 'A::B::C', 2), deck('x', 'X::Y', 1)]);
    expect(tree.map((entry) => [entry.label, entry.depth])).toEqual([
      ['A', 0],
      ['B::C', 1],
      ['X::Y', 0],
    ]);
    expect(tree[0]!.total.cards).toBe(3);
  });
});
