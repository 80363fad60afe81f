/**
 * The transfer room's screen, `/cards/import` (a CSV file) and `/cards/import?from=anki` (an Anki package): a dynamic
 * import, so it stays a chunk of its own (decision 020). Export is a download link on the decks' screens.
 */
export const loadImportScreen = () => import('./components/import-screen');
