import { describe, expect, it } from 'vitest';
import { seekTargetOf, withTimestampLinks } from './timestamp-links';

describe('timestamp links', () => {
  it('turns [mm:ss] citations into in-page links with the time in ms', () => {
    expect(withTimestampLinks('See [01:05] and [2:30].')).toBe(
      'See [01:05](#t=65000 "Play from 01:05") and [02:30](#t=150000 "Play from 02:30").',
    );
  });

  it('leaves links, code and other brackets alone', () => {
    const text = 'A [01:05](https://example.com) link, `[00:10]` code, [1:5] and [note].\n```\n[00:20]\n```';
    expect(withTimestampLinks(text)).toBe(text);
  });

  it('reads the time back from a link, and nothing from other links', () => {
    expect(seekTargetOf('#t=65000')).toBe(65000);
    expect(seekTargetOf('https://example.com/#t=5')).toBeUndefined();
    expect(seekTargetOf(null)).toBeUndefined();
  });
});
