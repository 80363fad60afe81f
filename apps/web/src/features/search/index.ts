/** The search box for the signed-in layout (decision 039): a dynamic import, a chunk of its own, loaded on Ctrl/Cmd+K. */
export const loadSearchDialog = () => import('./components/search-dialog');
