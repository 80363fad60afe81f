import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config/config';
import { acquireDataDirLock, DataDirLockedError } from './db/data-dir-lock';
import type { Database } from './db/database';
import { runMigrations } from './db/migrate';
import { applyAdminEmails } from './core/identity/administrators';
import { describeDatabase, openDatabase } from './db/open-database';
import { serializeError } from './log-serializers';
import { createLogger, prettyDestination } from './logger';
import { drain, requestsInFlight } from './plugins/drain';
import { RedisUnavailableError } from './plugins/rate-limit';
import { dataDirProblem, databaseProblem, listenProblem } from './start-up-problems';

/** Prints one clear line and exits 1: the operator reads the line, not a stack trace. */
function fail(message: string): never {
  console.error(`turtle: ${message}`);
  process.exit(1);
}

function webDistDir(): string {
  // Bundled to apps/server/dist/server.js; run from source as apps/server/src/server.ts. Either way: ../../web/dist.
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

/** The address to open: PUBLIC_URL, else the one this machine reaches the server at. */
function addressToOpen(config: AppConfig, app: FastifyInstance): string {
  if (config.publicOrigin) return config.publicOrigin;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.replace(/^\[|\]$/g, '');
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  // Readable lines for a person at a terminal, JSON lines for a log collector.
  const logger = createLogger(config.logLevel, process.stdout.isTTY ? await prettyDestination() : undefined);

  let releaseLock = () => {};
  exitOnFatalError(logger, () => releaseLock());
  if (config.database.kind === 'pglite') {
    try {
      releaseLock = acquireDataDirLock(config.database.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      fail(dataDirProblem(config.database.dataDir, error));
    }
  }

  let database: Database;
  try {
    database = await openDatabase(config.database);
    await runMigrations(database);
    const madeAdministrators = await applyAdminEmails(database.db, config.adminEmails);
    if (madeAdministrators > 0) logger.info({ count: madeAdministrators }, 'ADMIN_EMAILS: made administrators');
  } catch (error) {
    releaseLock();
    fail(databaseProblem(config.database, error));
  }

  let app: FastifyInstance;
  try {
    app = await buildApp({ config, database, logger, webDistDir: webDistDir() });
  } catch (error) {
    await database.close();
    releaseLock();
    if (error instanceof RedisUnavailableError) fail(`${error.message} (REDIS_URL)`);
    throw error;
  }
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await database.close();
    releaseLock();
    fail(listenProblem(config.host, config.port, error));
  }
  logger.info({ database: describeDatabase(config.database) }, `Turtle is ready at ${addressToOpen(config, app)}`);
  handleShutdown(app, database, releaseLock, config.shutdownTimeoutMs);
}

/**
 * An uncaught exception or an unhandled rejection ends the process, as Node would (its state is unknown), but first
 * writes one error line naming the cause, and gives the data folder's lock back so that a supervisor's restart
 * (deploy/turtle.service) gets in at once. pino writes to stdout asynchronously: the line is flushed before the exit
 * (at most a second). An out-of-memory death cannot run any of this; the work that can exhaust memory (an Anki
 * import) runs in a worker with its own limit, which the server logs and survives (apkg-job.ts).
 */
function exitOnFatalError(logger: Logger, releaseLock: () => void): void {
  let ending = false;
  const end = (kind: string) => (error: unknown) => {
    if (ending) return;
    ending = true;
    // As the log shows errors: a failed query's SQL without its values, secrets redacted (log-serializers.ts).
    const cause = String(serializeError(error).message);
    try {
      logger.fatal({ err: error }, `${kind}: ${cause}. The server stops.`);
    } finally {
      releaseLock();
    }
    const exit = () => process.exit(1);
    setTimeout(exit, 1_000).unref();
    logger.flush(exit);
  };
  process.on('uncaughtException', end('Uncaught exception'));
  process.on('unhandledRejection', end('Unhandled promise rejection'));
}

/**
 * SIGTERM/SIGINT: report unhealthy, answer every request already received (new ones on open connections get
 * `Connection: close`), close the app and the database, release the lock, exit 0. Past the timeout: exit 1.
 */
function handleShutdown(app: FastifyInstance, database: Database, releaseLock: () => void, timeoutMs: number) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('open requests did not finish in time; exiting');
      releaseLock();
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    try {
      // A balancer that keeps sending is cut off halfway to the deadline; the requests it sent are still answered.
      // A connection that sends nothing is closed within three quarters of it.
      await drain(app, {
        quietMs: 250,
        acceptMaxMs: Math.min(5_000, timeoutMs / 2),
        silentMs: Math.min(2_500, timeoutMs / 4),
      });
      await app.close();
      while (requestsInFlight(app) > 0) await new Promise((resolve) => setTimeout(resolve, 25));
      await database.close();
    } finally {
      releaseLock();
    }
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

await main();
