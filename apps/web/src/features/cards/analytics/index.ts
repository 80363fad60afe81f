/**
 * The analytics room's one screen, `/cards/analytics`, which the cards screen opens in place (decision 013). A
 * dynamic import, so the screen and the charting library stay a chunk of their own, loaded only when opened.
 */
export const loadAnalyticsScreen = () => import('./components/analytics-screen');
