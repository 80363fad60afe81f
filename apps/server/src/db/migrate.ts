import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

/** The migrations folder, found from this module whether it runs from source or from the bundle. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the server package root');
    dir = parent;
  }
  return path.join(dir, 'src', 'db', 'migrations');
}

/** Applies pending migrations on either engine; safe when several processes start at once. */
export function runMigrations(database: Database): Promise<void> {
  return database.migrate(migrationsFolder());
}
