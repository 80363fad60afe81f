import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll } from 'vitest';
import type { GetLessonResponse } from '@turtle/shared/lesson';
import { createSessionToken, createUser } from './factories';
import { call } from './http';
import { useTestServer, type TestServerOptions } from './use-test-server';

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/lessons');

/**
 * The real app on the fixture lessons (lesson 1 ready, 2 scripted but without audio, 3-7 without files), with a
 * signed-in learner.
 */
export function useLessonServer(options: TestServerOptions = {}) {
  const server = useTestServer({ ...options, lessonsDir: FIXTURES });
  const newCookie = async () => createSessionToken(server.database.db, (await createUser(server.database.db)).id);
  let cookie = '';
  beforeAll(async () => {
    cookie = await newCookie();
  });
  return {
    get url() {
      return server.url;
    },
    get cookie() {
      return cookie;
    },
    get fakeLlm() {
      return server.fakeLlm;
    },
    /** A session for a new learner. */
    newCookie,
    /** Replies the signed-in learner used today: the server's own count (on PGlite kept in the process). */
    repliesUsed: async () => ((await call(server.url, '/api/chat/usage', { cookie })).data as { used: number }).used,
  };
}

/** One lesson as `GET /api/lessons/:id` answers it. */
export const lessonOf = async (url: string, id: string) =>
  ((await call(url, `/api/lessons/${id}`)).data as GetLessonResponse).lesson;
