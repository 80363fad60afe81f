import { lessonEndpoints } from '@turtle/shared/endpoints/lessons';
import { apiUrl } from '../../../lib/api-url';

/** The lessons' URLs, apart from the calls, so the route can read them ahead without the query library (decision 030). */
export const lessonPath = (id: string) => apiUrl(lessonEndpoints.get, { params: { id } });
export const LESSON_PROGRESS_PATH = apiUrl(lessonEndpoints.progress);
