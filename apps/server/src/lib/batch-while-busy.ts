interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

/**
 * Reads rows by key, one query at a time: the keys asked for in one turn of the event loop go together in one
 * query, run at the end of that turn (`setImmediate`: after every request that arrived with it has been parsed, and
 * before the loop waits for more); a key asked for while a query runs waits for it to end, then goes with every
 * other key that arrived meanwhile. A burst (200 people sending at the same moment) costs a few queries instead of
 * one each, which matters on PGlite (one query at a time, about 1 ms each, and run without yielding, so nothing
 * else arrives while it runs) and on PostgreSQL's small pool. No caching: every call reads.
 */
export class BatchWhileBusy<V> {
  private waiting = new Map<string, Waiter<V>[]>();
  private running = false;

  constructor(
    private readonly readMany: (keys: string[]) => Promise<Map<string, V>>,
    private readonly maxBatch = 100,
  ) {}

  load(key: string): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain() {
    while (this.waiting.size > 0) {
      const batch = new Map<string, Waiter<V>[]>();
      for (const [key, waiters] of this.waiting) {
        if (batch.size === this.maxBatch) break;
        batch.set(key, waiters);
      }
      for (const key of batch.keys()) this.waiting.delete(key);
      try {
        const found = await this.readMany([...batch.keys()]);
        for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
      } catch (error) {
        for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      }
    }
    this.running = false;
  }
}
