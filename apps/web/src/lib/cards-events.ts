/** Sent on `window` when cards are added, graded or removed, so the header's due count refreshes. */
export const CARDS_CHANGED_EVENT = 'turtle:cards-changed';

export function announceCardsChanged(): void {
  window.dispatchEvent(new Event(CARDS_CHANGED_EVENT));
}
