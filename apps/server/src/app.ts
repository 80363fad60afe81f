import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { JSON_BODY_LIMIT_BYTES } from '@turtle/shared/constants';
import type { AppConfig } from './config/config';
import type { Database } from './db/database';
import { isApiUrl } from './lib/api-path';
import type { Assistant } from './providers/llm/assistant';
import type { CardDrafter } from './providers/llm/card-drafter';
import { createAssistant } from './providers/llm/create-assistant';
import { createOfflineCardDrafter } from './providers/llm/offline-card-drafter';
import { createOpenAiCardDrafter } from './providers/llm/openai-card-drafter';
import { registerCards } from './features/cards/cards-feature';
import { defaultLessonsDir, loadLessonCatalog, type LessonCatalog } from './core/lessons/lesson-catalog';
import { billingRoutes } from './features/billing/billing.routes';
import { healthRoutes } from './features/health/health.routes';
import { publicConfigRoutes } from './features/public-config/public-config.routes';
import { passwordChangeRoutes } from './features/auth/password-change.routes';
import { normalizeStoredEmails } from './core/identity/normalize-stored-emails';
import { signupLoginRoutes } from './features/auth/signup-login.routes';
import { thirdPartyLoginRoutes } from './features/auth/third-party-login.routes';
import { passwordResetRoutes } from './features/auth/password-reset.routes';
import { confirmPasswordRoutes } from './features/auth/confirm-password.routes';
import type { AssistantServices } from './core/assistant/assistant-reply';
import { ReplyRegistry } from './core/assistant/reply-registry';
import { DatabaseSlots } from './core/assistant/database-slots';
import { LocalSlots } from './core/assistant/local-slots';
import { DatabaseQuota, LocalQuota } from './core/assistant/reply-quota';
import { ReplyUsageRecorder } from './core/assistant/reply-usage-recorder';
import { chatSendRoutes } from './features/chat/chat-send.routes';
import { chatStreamRoutes } from './features/chat/chat-stream.routes';
import { conversationsRoutes } from './features/chat/conversations.routes';
import { notesRoutes } from './features/notes/notes.routes';
import { registerSearch } from './features/search/search-feature';
import { adminRoutes } from './features/admin/admin.routes';
import { lessonsRoutes } from './features/lessons/lessons.routes';
import { readOwnLesson } from './features/lessons/own/own-lessons-feature';
import { openFileStore } from './core/storage/open-file-store';
import { registerSignIn } from './features/oidc/sign-in';
import { registerSessions } from './core/identity/sessions';
import { accountRoutes } from './features/user/account.routes';
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
  /** Who drafts flashcards; by default the configured model, or the offline drafter. Tests pass their own. */
  cardDrafter?: CardDrafter;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Who this server instance is, recorded on the stream slots it holds. The same host and port is the same instance
 * after a restart, so it can reclaim what it left behind; a random port (tests) is never the same twice.
 */
function instanceId(port: number): string {
  return port === 0 ? `${hostname()}:${randomUUID()}` : `${hostname()}:${port}`;
}

/** Builds the app without listening, so tests can start it on any port. */
export async function buildApp({
  config,
  database,
  logger,
  webDistDir,
  assistant,
  lessonsDir,
  cardDrafter,
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
    // A route that names its own caching keeps it (card media: decision 038); every other API answer is never kept.
    if (isApiUrl(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  registerErrorHandler(app);
  registerDrain(app);
  registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: JSON_BODY_LIMIT_BYTES });
  registerBodyTypes(app);
  registerNulRefusal(app);
  registerSameOriginCheck(app, config.publicOrigin);
  registerSessions(app, database.db, secureCookies);
  await registerRateLimits(app, config.redis);

  await normalizeStoredEmails(database.db, app.log);
  healthRoutes(app, database);
  publicConfigRoutes(app, config);
  userRoutes(app, database.db, secureCookies);
  accountRoutes(app, database.db, secureCookies);
  passwordChangeRoutes(app, database.db, secureCookies);
  confirmPasswordRoutes(app, database.db);
  signupLoginRoutes(app, database.db, secureCookies, config.supportEmail);
  thirdPartyLoginRoutes(app, database.db, secureCookies, config.supportEmail);
  passwordResetRoutes(app, database.db, secureCookies, config.supportEmail);
  await registerSignIn(app, config, database.db, secureCookies);
  notesRoutes(app, database.db);
  registerSearch(app, database.db, config.embeddings);
  adminRoutes(app, database.db, config.modelPrices);
  await billingRoutes(app, database.db, config);
  // PGlite's data folder is held by this one process: slots and counts are kept here (see reply-quota.ts).
  const localQuota = database.kind === 'pglite' ? new LocalQuota(database.db, app.log) : undefined;
  const quota = localQuota ?? new DatabaseQuota(database.db);
  const assistantServices: AssistantServices = {
    db: database.db,
    assistant: assistant ?? createAssistant(config.assistant),
    config: config.assistant,
    replies: new ReplyRegistry(),
    slots: localQuota ? new LocalSlots(database.db, localQuota) : new DatabaseSlots(database.db),
    quota,
    usage: new ReplyUsageRecorder(database.db, app.log),
    owner: instanceId(config.port),
  };
  // Streams this instance left behind when it last stopped (a crash) end now, stopped and not charged.
  await assistantServices.slots.reclaimAtStart(assistantServices.owner);
  // Shutting down, open replies end with a last event (kept ones are saved) before the database closes.
  onShutdown(app, async () => {
    await assistantServices.replies.stopAll();
    await Promise.all([quota.flush(), assistantServices.usage.flush()]);
  });
  chatStreamRoutes(app, assistantServices);
  chatSendRoutes(app, assistantServices);
  conversationsRoutes(app, database.db, assistantServices);
  const files = await openFileStore(config.files);
  await lessonsRoutes(app, {
    services: assistantServices,
    dir: lessonsDir,
    db: database.db,
    files,
    speech: config.speech,
  });
  let lessons: Promise<LessonCatalog> | undefined;
  registerCards(app, {
    db: database.db,
    assistant: config.assistant,
    quota,
    drafter:
      cardDrafter ??
      (config.assistant.kind === 'openai'
        ? createOpenAiCardDrafter({ ...config.assistant, model: config.assistant.defaultModel })
        : createOfflineCardDrafter()),
    lessons: () => (lessons ??= loadLessonCatalog(lessonsDir ?? defaultLessonsDir(), app.log)),
    ownLesson: (userId, lessonId) => readOwnLesson(database.db, userId, lessonId),
  });

  await registerWeb(app, webDistDir);
  return app;
}
