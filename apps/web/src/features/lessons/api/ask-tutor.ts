import type { LessonChatBody, LessonChatResponse } from '@turtle/shared/lesson';
import { api } from '../../../lib/api-client';

/** `POST /api/lesson/chat`: the tutor's whole answer, as markdown. */
export const askTutor = async (body: LessonChatBody): Promise<string> =>
  (await api.postJson<LessonChatResponse>('/api/lesson/chat', body)).reply;
