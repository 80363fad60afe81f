/** The operator console for the route table (decision 037): a dynamic import, a chunk of its own (decision 020). */
export const loadAdminScreen = () => import('./components/admin-screen');
