/**
 * Subdecks (docs/decisions/041-subdecks.md): a deck named "Spanish::Verbs" is a child of "Spanish", as in Anki. The
 * tree is derived from the names, so it needs no column and an Anki package's names are its key; names compare
 * ignoring case, as deck names do everywhere.
 */
export const DECK_SEPARATOR = '::';

/** One spelling per path: each level trimmed, empty levels dropped ("Spanish :: Verbs" is "Spanish::Verbs"). */
export function normalizeDeckName(name: string): string {
  return name
    .split(DECK_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean)
    .join(DECK_SEPARATOR);
}

/** "A", "A::B" for "A::B::C": the decks above this one, the top first. */
export function ancestorDeckNames(name: string): string[] {
  const parts = name.split(DECK_SEPARATOR);
  return parts.slice(1).map((_, index) => parts.slice(0, index + 1).join(DECK_SEPARATOR));
}

/** True when `name` is `ancestor` itself or lies anywhere under it. */
export function isInDeck(name: string, ancestor: string): boolean {
  const lower = name.toLowerCase();
  const top = ancestor.toLowerCase();
  return lower === top || lower.startsWith(top + DECK_SEPARATOR);
}

/** The name a deck gets when `from` (itself or one of its ancestors) is renamed to `to`. */
export function movedDeckName(name: string, from: string, to: string): string {
  return isInDeck(name, from) ? to + name.slice(from.length) : name;
}

export interface DeckCounts {
  cards: number;
  due: { new: number; learning: number; review: number };
}

export interface DeckTreeEntry<T> {
  deck: T;
  /** The nearest deck above that exists (a missing middle level is skipped), or null at the top. */
  parentId: string | null;
  depth: number;
  /** The name under its parent ("Verbs" for "Spanish::Verbs"). */
  label: string;
  /** Its own cards plus all its descendants'; reviews and new cards capped at what is left of the day's limits. */
  total: DeckCounts;
  hasChildren: boolean;
}

/**
 * The decks in tree order (each parent before its children, siblings by name ignoring case), each with its depth and
 * its counts rolled up from its descendants.
 */
export function deckTree<T extends DeckCounts & { id: string; name: string }>(
  decks: T[],
  left: { new: number; review: number } = { new: Infinity, review: Infinity },
): DeckTreeEntry<T>[] {
  const byName = new Map(decks.map((deck) => [deck.name.toLowerCase(), deck]));
  const parentOf = (deck: T) => {
    const above = ancestorDeckNames(deck.name).reverse();
    return above.map((name) => byName.get(name.toLowerCase())).find(Boolean) ?? null;
  };
  const children = new Map<string | null, T[]>();
  for (const deck of decks) {
    const parent = parentOf(deck);
    const key = parent?.id ?? null;
    children.set(key, [...(children.get(key) ?? []), deck]);
  }
  const entries: DeckTreeEntry<T>[] = [];
  const visit = (parent: T | null, depth: number): DeckCounts => {
    const sum: DeckCounts = { cards: 0, due: { new: 0, learning: 0, review: 0 } };
    const kids = [...(children.get(parent?.id ?? null) ?? [])].sort((a, b) =>
      a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1,
    );
    for (const deck of kids) {
      const index = entries.length;
      const label = parent ? deck.name.slice(parent.name.length + DECK_SEPARATOR.length) : deck.name;
      entries.push({ deck, parentId: parent?.id ?? null, depth, label, total: deck, hasChildren: false });
      const below = visit(deck, depth + 1);
      const total: DeckCounts = {
        cards: deck.cards + below.cards,
        due: {
          new: Math.min(left.new, deck.due.new + below.due.new),
          learning: deck.due.learning + below.due.learning,
          review: Math.min(left.review, deck.due.review + below.due.review),
        },
      };
      entries[index] = { ...entries[index]!, total, hasChildren: (children.get(deck.id)?.length ?? 0) > 0 };
      sum.cards += total.cards;
      sum.due.new += total.due.new;
      sum.due.learning += total.due.learning;
      sum.due.review += total.due.review;
    }
    return sum;
  };
  visit(null, 0);
  return entries;
}
