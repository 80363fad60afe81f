/** The review room's screen, `/cards/review[?deck=]`: a dynamic import, so it stays a chunk of its own (decision 020). */
export const loadReviewScreen = () => import('./components/review-screen');
