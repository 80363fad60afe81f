import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config/config';
import { acquireDataDirLock, DataDirLockedError } from './db/data-dir-lock';
import type { Database } from './db/database';
import { runMigrations } from './db/migrate';
import { describeDatabase, openDatabase } from './db/open-database';
import { createLogger } from './logger';
import { RedisUnavailableError } from './plugins/rate-limit';

/** Prints one clear line and exits 1: the operator reads the line, not a stack trace. */
function fail(message: string): never {
  console.error(`turtle: ${message}`);
  process.exit(1);
}

function reason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return reason(error.errors[0]);
  if (error instanceof Error) return (error as NodeJS.ErrnoException).code ?? error.message;
  return String(error);
}

function webDistDir(): string {
  // Bundled to apps/server/dist/server.js; run from source as apps/server/src/server.ts. Either way: ../../web/dist.
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = createLogger(config.logLevel);

  let releaseLock = () => {};
  if (config.database.kind === 'pglite') {
    try {
      releaseLock = acquireDataDirLock(config.database.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      fail(`cannot use DATA_DIR ${config.database.dataDir}: ${reason(error)}`);
    }
  }

  let database: Database;
  try {
    database = await openDatabase(config.database);
    await runMigrations(database);
  } catch (error) {
    releaseLock();
    fail(`cannot open the database (${describeDatabase(config.database)}): ${reason(error)}`);
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
    fail(`cannot listen on ${config.host}:${config.port}: ${reason(error)}`);
  }
  logger.info({ database: describeDatabase(config.database) }, 'Turtle is ready');
  handleShutdown(app, database, releaseLock, config.shutdownTimeoutMs);
}

/** SIGTERM/SIGINT: stop accepting, let open requests finish, close the database, exit 0. */
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
      await app.close();
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
