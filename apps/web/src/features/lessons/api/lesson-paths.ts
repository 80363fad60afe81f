/** The lessons' paths, apart from the calls, so the route can read them ahead without the query library (decision 030). */
export const lessonPath = (id: string) => `/api/lessons/${encodeURIComponent(id)}`;
export const LESSON_PROGRESS_PATH = '/api/lessons/progress';
