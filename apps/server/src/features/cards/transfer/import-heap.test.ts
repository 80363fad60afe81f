import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withTightHeap } from './import-heap';

/** docs/decisions/034-import-budget.md: the heap's growth held while a package is read or written. */
describe('the heap held while an import works', () => {
  afterEach(() => vi.restoreAllMocks());

  it('holds it from the first import to the last one still working, and lets go after a failure too', async () => {
    const flags = vi.spyOn(v8, 'setFlagsFromString');
    const growth = () => flags.mock.calls.map(([flag]) => flag).filter((flag) => flag.startsWith('--heap-growing'));
    let release!: () => void;
    const first = withTightHeap(() => new Promise<void>((resolve) => (release = resolve)));
    const second = withTightHeap(async () => {
      throw new Error('refused');
    });
    await expect(second).rejects.toThrow('refused');
    expect(growth()).toEqual(['--heap-growing-percent=20']);
    release();
    await first;
    expect(growth()).toEqual(['--heap-growing-percent=20', '--heap-growing-percent=0']);
  });
});
