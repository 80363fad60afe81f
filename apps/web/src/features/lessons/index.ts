/** The lesson list for the route table (product.md §2): a dynamic import, a chunk of its own (decision 020). */
export const loadLessonsScreen = () => import('./components/lessons-screen');

/** /lessons/new (docs/decisions/046-own-lessons.md): a chunk of its own, loaded when the learner makes a lesson. */
export const loadNewLessonScreen = () => import('./components/new-lesson-screen');
