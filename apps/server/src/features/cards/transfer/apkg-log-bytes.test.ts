import { describe, expect, it } from 'vitest';
import { LogBytes, logText } from './apkg-log-bytes';

/** docs/decisions/034-import-budget.md: the replayed log handed over as bytes of a few buffers. */
describe('the log bytes of an import', () => {
  it('keeps each card’s rows in a shared buffer and reads them back with the last row', () => {
    const bytes = new LogBytes();
    const first = bytes.add('[1,2,[3,null]],[4,5,[6,7]]');
    const second = bytes.add('[8,9.5,[10,-1]]');
    expect(bytes.buffers).toHaveLength(1);
    expect(first.buffer).toBe(second.buffer);
    expect(JSON.parse(logText({ earlier: first, last: '[11,12,[13,14]]' }))).toEqual([
      [1, 2, [3, null]],
      [4, 5, [6, 7]],
      [11, 12, [13, 14]],
    ]);
    expect(JSON.parse(logText({ earlier: bytes.add(''), last: '[8,9]' }))).toEqual([[8, 9]]);
    expect(JSON.parse(logText({ earlier: second, last: '' }))).toEqual([[8, 9.5, [10, -1]]]);
  });

  it('starts another buffer when one is full, and refuses text that is not ASCII', () => {
    const bytes = new LogBytes();
    const row = `[${'1,'.repeat(499_999)}1]`;
    for (let index = 0; index < 5; index++) bytes.add(row);
    expect(bytes.buffers.length).toBe(2);
    expect(() => bytes.add('[“]')).toThrow('not ASCII');
  });
});
