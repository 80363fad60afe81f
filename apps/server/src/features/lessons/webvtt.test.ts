import { describe, expect, it } from 'vitest';
import { toWebVtt, vttTime } from './webvtt';

describe('WebVTT', () => {
  it('writes cue times as hh:mm:ss.ttt', () => {
    expect(vttTime(0)).toBe('00:00:00.000');
    expect(vttTime(61_234)).toBe('00:01:01.234');
    expect(vttTime(3_723_004)).toBe('01:02:03.004');
  });

  it('escapes markup and the cue arrow in sentences', () => {
    const vtt = toWebVtt([{ sentence: 'Fees <b>&</b> --> returns.', startMs: 0, isParagraphEnd: true }], 5000);
    expect(vtt).toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:05.000\nFees &lt;b&gt;&amp;&lt;/b&gt; --&gt; returns.\n');
  });

  it('ends the last cue at the duration, or a second after its start when the duration is shorter', () => {
    expect(toWebVtt([{ sentence: 'Late.', startMs: 9000, isParagraphEnd: true }], 5000)).toContain(
      '00:00:09.000 --> 00:00:10.000',
    );
  });
});
