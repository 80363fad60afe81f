/** The drafts room's screen, the tray at `/cards/drafts`: a dynamic import, so it stays a chunk of its own (decision 020). */
export const loadDraftsScreen = () => import('./components/drafts-screen');
