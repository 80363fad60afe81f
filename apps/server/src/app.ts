import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { JSON_BODY_LIMIT_BYTES } from '@turtle/shared/constants';
import type { AppConfig } from './config/config';
import type { Database } from './db/database';
import { isApiUrl } from './lib/api-path';
import type { Assistant } from './providers/llm/assistant';
import { createAssistant } from './providers/llm/create-assistant';
import { billingRoutes } from './features/billing/billing.routes';
import { healthRoutes } from './features/health/health.routes';
import { publicConfigRoutes } from './features/public-config/public-config.routes';
import { signupLoginRoutes } from './features/auth/signup-login.routes';
import { thirdPartyLoginRoutes } from './features/auth/third-party-login.routes';
import { chatSendRoutes } from './features/chat/chat-send.routes';
import { chatStreamRoutes } from './features/chat/chat-stream.routes';
import { conversationsRoutes } from './features/chat/conversations.routes';
import { KeptReplies } from './features/chat/kept-reply';
import { notesRoutes } from './features/notes/notes.routes';
import { lessonsRoutes } from './features/lessons/lessons.routes';
import { registerSignIn } from './features/oidc/sign-in';
import { registerSessions } from './features/sessions/sessions';
import { userRoutes } from './features/user/user.routes';
import { registerBodyTypes } from './plugins/body-types';
import { onShutdown, registerDrain } from './plugins/drain';
import { registerErrorHandler } from './plugins/errors';
import { registerRateLimits } from './plugins/rate-limit';
import { registerNulRefusal } from './plugins/refuse-nul';
import { registerSameOriginCheck } from './plugins/same-origin';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWeb } from './plugins/web';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  logger: Logger;
  /** The built client (`apps/web/dist`); pages are not served when it is missing. */
  webDistDir?: string;
  /** Who answers the chat; by default the one the configuration names. Tests pass their own. */
  assistant?: Assistant;
  /** Lesson scripts, audio and transcripts; the repository's `content/lessons` by default. Tests pass fixtures. */
  lessonsDir?: string;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Builds the app without listening, so tests can start it on any port. */
export async function buildApp({
  config,
  database,
  logger,
  webDistDir,
  assistant,
  lessonsDir,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Shutdown drains first (plugins/drain.ts): by the time the app closes, nothing is left to refuse.
    return503OnClosing: false,
  });
  const secureCookies = config.cookieSecure;

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (isApiUrl(request.url)) reply.header('cache-control', 'no-store');
  });

  registerErrorHandler(app);
  registerDrain(app);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: JSON_BODY_LIMIT_BYTES });
  registerBodyTypes(app);
  registerNulRefusal(app);
  registerSameOriginCheck(app, config.publicOrigin);
  registerSessions(app, database.db, secureCookies);
  await registerRateLimits(app, config.redis);

  healthRoutes(app, database);
  publicConfigRoutes(app, config);
  userRoutes(app, database.db, secureCookies);
  signupLoginRoutes(app, database.db, secureCookies);
  thirdPartyLoginRoutes(app, database.db, secureCookies);
  await registerSignIn(app, config, database.db, secureCookies);
  notesRoutes(app, database.db);
  await billingRoutes(app, database.db, config);
  // Shutting down, open streams end with a last event (replies in progress are saved) before the database closes.
  const shuttingDown = new AbortController();
  // Every open stream listens for it: as many listeners as streams, by design.
  setMaxListeners(0, shuttingDown.signal);
  const chat = {
    db: database.db,
    assistant: assistant ?? createAssistant(config.assistant),
    config: config.assistant,
    shutdown: shuttingDown.signal,
  };
  const keptReplies = new KeptReplies(chat.db, chat.assistant, chat.config);
  onShutdown(app, async () => {
    shuttingDown.abort();
    await keptReplies.stopAll();
  });
  chatStreamRoutes(app, chat);
  chatSendRoutes(app, chat, keptReplies);
  conversationsRoutes(app, database.db, keptReplies);
  await lessonsRoutes(app, { ...chat, dir: lessonsDir });

  await registerWeb(app, webDistDir);
  return app;
}
