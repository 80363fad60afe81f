/** The lesson list for the route table (product.md §2): a dynamic import, a chunk of its own (decision 020). */
export const loadLessonsScreen = () => import('./components/lessons-screen');
