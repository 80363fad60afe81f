/**
 * The flashcards' screens for the route table (product.md §2), room by room: each room's index.ts names its screens,
 * and the cards screen above the rooms draws the decks overview, the review settings and the analytics. Every one is a
 * dynamic import, so each screen stays a chunk of its own and this module adds only the loaders to the app's chunk
 * (decision 020). The rooms never import each other; what several of them use is in shared/.
 */
export const loadCardsScreen = () => import('./cards-screen');
export { loadCardEditorScreen, loadDeckScreen } from './decks';
export { loadDraftsScreen } from './drafts';
export { loadReviewScreen } from './review';
export { loadImportScreen } from './transfer';
