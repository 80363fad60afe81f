import { describe, expect, it } from 'vitest';
import { BatchWhileBusy } from './batch-while-busy';

/** A reader whose queries end when the test says, recording the keys of each. */
function controlledReader() {
  const queries: { keys: string[]; finish(): void; fail(error: Error): void }[] = [];
  const readMany = (keys: string[]) =>
    new Promise<Map<string, string>>((resolve, reject) => {
      queries.push({
        keys,
        finish: () =>
          resolve(new Map(keys.filter((key) => !key.startsWith('missing')).map((key) => [key, `row ${key}`]))),
        fail: reject,
      });
    });
  return { queries, readMany };
}

describe('BatchWhileBusy', () => {
  const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('reads the keys of one turn together, and the keys that arrive while it runs together in one query', async () => {
    const { queries, readMany } = controlledReader();
    const loader = new BatchWhileBusy(readMany);
    const first = loader.load('a');
    expect(queries).toHaveLength(0);
    await endOfTurn();
    expect(queries.map((query) => query.keys)).toEqual([['a']]);

    const later = ['b', 'c', 'missing-d', 'b'].map((key) => loader.load(key));
    expect(queries).toHaveLength(1);
    queries[0]!.finish();
    expect(await first).toBe('row a');

    await new Promise((resolve) => setImmediate(resolve));
    expect(queries.map((query) => query.keys)).toEqual([['a'], ['b', 'c', 'missing-d']]);
    queries[1]!.finish();
    expect(await Promise.all(later)).toEqual(['row b', 'row c', undefined, 'row b']);
  });

  it('keeps each query to the largest batch', async () => {
    const { queries, readMany } = controlledReader();
    const loader = new BatchWhileBusy(readMany, 2);
    const loads = ['a', 'b', 'c', 'd', 'e'].map((key) => loader.load(key));
    for (let index = 0; index < 3; index += 1) {
      await endOfTurn();
      queries[index]!.finish();
    }
    expect(await Promise.all(loads)).toEqual(['row a', 'row b', 'row c', 'row d', 'row e']);
    expect(queries.map((query) => query.keys)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('batches a burst even when each query runs without yielding (PGlite)', async () => {
    const queries: string[][] = [];
    const loader = new BatchWhileBusy(async (keys: string[]) => {
      queries.push(keys);
      return new Map(keys.map((key) => [key, `row ${key}`]));
    });
    // As requests parsed one after another in one turn: each asks as it is parsed.
    const loads: Promise<string | undefined>[] = [];
    for (const key of ['a', 'b', 'c']) {
      loads.push(loader.load(key));
      await Promise.resolve();
    }
    expect(await Promise.all(loads)).toEqual(['row a', 'row b', 'row c']);
    expect(queries).toEqual([['a', 'b', 'c']]);
  });

  it('fails only the loads of a failed query, and goes on with the next', async () => {
    const { queries, readMany } = controlledReader();
    const loader = new BatchWhileBusy(readMany);
    const first = loader.load('a');
    await endOfTurn();
    const second = loader.load('b');
    queries[0]!.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await endOfTurn();
    queries[1]!.finish();
    expect(await second).toBe('row b');
    // Idle again: the next key is read at the end of its turn.
    void loader.load('c');
    await endOfTurn();
    expect(queries).toHaveLength(3);
  });
});
