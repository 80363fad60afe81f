/**
 * The decks room's screens: a deck (`/cards/decks/{id}`) and the card editor (`/cards/new`, `/cards/edit/{id}`), each
 * a dynamic import, so each stays a chunk of its own (decision 020). Its overview of the decks is drawn by the cards
 * screen (`../cards-screen.tsx`), which puts the review settings under it.
 */
export const loadDeckScreen = () => import('./components/deck-screen');
export const loadCardEditorScreen = () => import('./components/card-editor-screen');
