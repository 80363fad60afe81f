import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * The server's heap held close to what it keeps while an import writes (docs/decisions/034-import-budget.md). V8 lets
 * the heap grow to up to four times what was alive at its last full collection before collecting again, and the
 * texts of an import's inserts (notes, cards, passages) are many megabytes of garbage: the server's heap doubled
 * while it wrote. While an import writes, the heap grows by at most `GROWTH_PERCENT` of what is alive between full
 * collections (the flag is V8's, for the process, and read at each full collection), and a full collection starts
 * and ends the writing. The worker's reading is left as it was: held so, its heap was no smaller at its peak.
 */
const GROWTH_PERCENT = 20;
let writing = 0;
let collect: (() => void) | undefined;

function collectGarbage() {
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as () => void;
  }
  collect();
}

export async function withTightHeap<T>(work: () => Promise<T>): Promise<T> {
  if (writing++ === 0) v8.setFlagsFromString(`--heap-growing-percent=${GROWTH_PERCENT}`);
  collectGarbage();
  try {
    return await work();
  } finally {
    if (--writing === 0) v8.setFlagsFromString('--heap-growing-percent=0');
    collectGarbage();
  }
}
