import { lessonEndpoints } from '@turtle/shared/endpoints/lessons';
import { ownLessonEndpoints } from '@turtle/shared/endpoints/own-lessons';
import { isSeriesLesson } from '@turtle/shared/lesson-helpers';
import { apiUrl } from '../../../lib/api-url';

/**
 * The lessons' URLs, apart from the calls, so the route can read them ahead without the query library (decision 030).
 * A series lesson is read from the catalogue, any other id from the learner's own (docs/decisions/046-own-lessons.md).
 */
export const lessonPath = (id: string) =>
  apiUrl(isSeriesLesson(id) ? lessonEndpoints.get : ownLessonEndpoints.get, { params: { id } });
export const LESSON_PROGRESS_PATH = apiUrl(lessonEndpoints.progress);
