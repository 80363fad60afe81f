// `npm run admin -- grant <email>` / `revoke <email>` / `list`: who administers Turtle, from the machine it runs on
// (docs/decisions/037-administrators.md). It opens the database the server's environment names (DATABASE_URL, or
// DATA_DIR's embedded one while no server holds it) and writes each change with its audit entry.
import { eq } from 'drizzle-orm';
import { ROLE_ADMINISTRATOR } from '@turtle/shared/roles';
import { loadConfig } from './config/config';
import { setAdministrator } from './core/identity/administrators';
import { users } from './core/identity/identity.tables';
import { acquireDataDirLock } from './db/data-dir-lock';
import { runMigrations } from './db/migrate';
import { openDatabase } from './db/open-database';

const USAGE = 'Usage: npm run admin -- grant <email> | revoke <email> | list';

const ANSWERS = {
  changed: (email: string, grant: boolean) => `${email} is ${grant ? 'now an administrator' : 'a member again'}.`,
  unchanged: (email: string, grant: boolean) =>
    `${email} ${grant ? 'is already an administrator' : 'is not an administrator'}.`,
  noAccount: (email: string) => `No account has the email ${email}: sign up first, then run this again.`,
  lastAdministrator: (email: string) =>
    `${email} is the last administrator and stays one: make someone else an administrator first.`,
};

async function main(args: string[]): Promise<number> {
  const [command, email] = args;
  if (!(command === 'list' || ((command === 'grant' || command === 'revoke') && email))) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const release = config.database.kind === 'pglite' ? acquireDataDirLock(config.database.dataDir) : () => {};
  const database = await openDatabase(config.database);
  try {
    await runMigrations(database);
    if (command === 'list') {
      const admins = await database.db
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(eq(users.role, ROLE_ADMINISTRATOR));
      for (const admin of admins) console.log(`${admin.email} (${admin.name})`);
      if (admins.length === 0) console.log('No administrators yet: npm run admin -- grant <email>');
      return 0;
    }
    const grant = command === 'grant';
    const change = await setAdministrator(database.db, email!, grant, { actorId: null, via: 'command line' });
    const line = ANSWERS[change.kind](email!, grant);
    if (change.kind === 'changed' || change.kind === 'unchanged') console.log(line);
    else console.error(line);
    return change.kind === 'changed' || change.kind === 'unchanged' ? 0 : 1;
  } finally {
    await database.close();
    release();
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`turtle admin: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
