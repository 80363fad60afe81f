import type { DatabaseConfig } from './config/config';
import { describeDatabase } from './db/open-database';
import { errorCode, errorMessage, isDiskFull } from './lib/error-code';

/**
 * Start-up failures as one sentence an operator can act on: what is wrong and what to do. A bare code (`28P01`,
 * `EROFS`) or PGlite's `Aborted()` says neither.
 */

/** Why DATA_DIR cannot be used (creating it, or writing the lock in it). */
export function dataDirProblem(dataDir: string, error: unknown): string {
  const where = `DATA_DIR ${dataDir}`;
  if (isDiskFull(error)) return `the disk holding ${where} is full: free some space, then start Turtle again.`;
  switch (errorCode(error)) {
    case 'EEXIST':
      return `${where} is a file, not a folder: move the file away, or set DATA_DIR to a folder.`;
    case 'ENOTDIR':
      return `part of ${where} is a file, not a folder: set DATA_DIR to a path made of folders.`;
    case 'EROFS':
      return `${where} is on a read-only file system: set DATA_DIR to a folder on a writable disk.`;
    case 'EACCES':
    case 'EPERM':
      return `Turtle may not write to ${where} (permission denied): give the user running Turtle write access to it, or set DATA_DIR to a folder that user owns.`;
    default:
      return `cannot use ${where}: ${errorMessage(error)}.`;
  }
}

/** Why the database could not be opened or migrated. */
export function databaseProblem(config: DatabaseConfig, error: unknown): string {
  if (config.kind === 'pglite') {
    if (isDiskFull(error)) {
      return `the disk holding DATA_DIR ${config.dataDir} is full, so the database cannot be opened: free some space, then start Turtle again.`;
    }
    const code = errorCode(error);
    if (code && ['EEXIST', 'ENOTDIR', 'EROFS', 'EACCES', 'EPERM'].includes(code)) {
      return dataDirProblem(config.dataDir, error);
    }
    return `cannot open the database (${describeDatabase(config)}): ${errorMessage(error)}.`;
  }
  const url = new URL(config.url);
  const user = decodeURIComponent(url.username) || 'the default user';
  const name = decodeURIComponent(url.pathname.slice(1)) || user;
  const server = `the PostgreSQL server at ${url.host}`;
  switch (errorCode(error)) {
    case '28P01':
      return `${server} refused the password for user "${user}": correct the password in DATABASE_URL.`;
    case '28000':
      return `${server} does not let user "${user}" connect (${errorMessage(error)}): create that role, or allow it in pg_hba.conf, or correct DATABASE_URL.`;
    case '3D000':
      return `the database "${name}" does not exist on ${server}: create it (createdb ${name}) or correct its name in DATABASE_URL.`;
    case '42501':
      return `user "${user}" may not create Turtle's tables in the database "${name}" (permission denied): grant it CREATE on the database, or use its owner in DATABASE_URL.`;
    case 'ECONNREFUSED':
      return `nothing answers at ${url.host} (connection refused): start PostgreSQL there, or correct the host and port in DATABASE_URL.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host "${url.hostname}" in DATABASE_URL cannot be found: correct the host name.`;
    case '53100':
      return `${server} has a full disk: free some space there, then start Turtle again.`;
    default:
      return `cannot open the database (${describeDatabase(config)}): ${errorMessage(error)}.`;
  }
}

/** Why the server could not listen on HOST:PORT. */
export function listenProblem(host: string, port: number, error: unknown): string {
  switch (errorCode(error)) {
    case 'EADDRINUSE':
      return `port ${port} on ${host} is already in use (another Turtle, or another program): stop it, or set PORT to a free port.`;
    case 'EACCES':
      return `Turtle may not listen on port ${port} (ports below 1024 need privileges): set PORT to 1024 or more, and put a proxy in front if needed.`;
    case 'EADDRNOTAVAIL':
      return `HOST ${host} is not an address of this machine: set HOST to one of its addresses (or 0.0.0.0 for all of them).`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST ${host} cannot be resolved: set HOST to an address or a known name.`;
    default:
      return `cannot listen on ${host}:${port}: ${errorMessage(error)}.`;
  }
}
