/** The Account screen for the route table (decision 018): a dynamic import, a chunk of its own (decision 020). */
export const loadAccountScreen = () => import('./components/account-screen');
