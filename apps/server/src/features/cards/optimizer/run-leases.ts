import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { engineOf } from '../../../db/engine';

/** The first key of every run's advisory lock (the second is the run id's hash): "runs" in this database. */
const RUN_LOCK_SPACE = 31_046;

/**
 * On PostgreSQL, the process that fits a run holds an advisory lock for it on a connection of its own, from before the
 * run's row is written until its end. PostgreSQL drops a session's locks the moment its connection goes, and a killed
 * process's connections go with it, so any process can tell at once whether a "running" run still has a live fitter
 * (docs/decisions/034). The embedded database does not need this: one process holds it (`failRunsLeftBehind`).
 */
class RunLeases {
  private connection: Promise<pg.PoolClient> | undefined;
  private readonly held = new Set<string>();
  /** Holds and releases one after another, so the connection is never given back while a hold is on its way. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly pool: pg.Pool) {}

  hold(runId: string): Promise<void> {
    return this.serially(async () => {
      const client = await this.open();
      await client.query('select pg_advisory_lock($1, hashtext($2))', [RUN_LOCK_SPACE, runId]);
      this.held.add(runId);
    });
  }

  release(runId: string): Promise<void> {
    return this.serially(async () => {
      if (!this.held.delete(runId) || !this.connection) return;
      const client = await this.connection;
      await client.query('select pg_advisory_unlock($1, hashtext($2))', [RUN_LOCK_SPACE, runId]);
      if (this.held.size === 0) {
        this.connection = undefined;
        client.release();
      }
    });
  }

  private open(): Promise<pg.PoolClient> {
    this.connection ??= this.pool.connect().then((client) => {
      // A lost connection lost its locks: its runs read failed everywhere, and their fits stop at the next heartbeat.
      client.on('error', () => {
        this.connection = undefined;
        this.held.clear();
        client.release(true);
      });
      return client;
    });
    this.connection.catch(() => (this.connection = undefined));
    return this.connection;
  }

  private serially(step: () => Promise<void>): Promise<void> {
    const next = this.queue.then(step);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

const leasesByPool = new WeakMap<pg.Pool, RunLeases>();

/** The leases of this process on the database behind `db`, or none when it is the embedded one. */
function leasesOf(db: DbOrTx): RunLeases | undefined {
  const engine = engineOf(db);
  if (engine?.kind !== 'postgres') return undefined;
  let leases = leasesByPool.get(engine.pool);
  if (!leases) leasesByPool.set(engine.pool, (leases = new RunLeases(engine.pool)));
  return leases;
}

export async function holdRunLease(db: DbOrTx, runId: string): Promise<void> {
  await leasesOf(db)?.hold(runId);
}

export async function releaseRunLease(db: DbOrTx, runId: string): Promise<void> {
  await leasesOf(db)?.release(runId);
}

/** Whether some live session holds the run's lock. Always true on the embedded database (see above). */
export async function hasLiveFitter(db: DbOrTx, runId: string): Promise<boolean> {
  if (!leasesOf(db)) return true;
  const result = await db.execute(sql`
    select exists (
      select 1 from pg_locks
      where locktype = 'advisory' and granted and objsubid = 2
        and database = (select oid from pg_database where datname = current_database())
        and classid = ${RUN_LOCK_SPACE}::int4::oid and objid = hashtext(${runId})::oid
    ) as live`);
  const { rows } = result as unknown as { rows: { live: boolean }[] };
  return Boolean(rows[0]?.live);
}
