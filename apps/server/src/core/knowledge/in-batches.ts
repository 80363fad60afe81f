import type { Db, Tx } from '../../db/database';

/**
 * A background pass over rows the index does not hold yet (decision 036): `batch` runs in a transaction of its own
 * and answers how many rows it took, until one takes none or `shouldStop` says the server is closing. Answers the
 * total taken.
 */
export async function indexInBatches(
  db: Db,
  shouldStop: () => boolean,
  batch: (tx: Tx) => Promise<number>,
): Promise<number> {
  let indexed = 0;
  while (!shouldStop()) {
    const count = await db.transaction(batch);
    if (count === 0) break;
    indexed += count;
  }
  return indexed;
}
