import { describe, expect, it } from 'vitest';
import { estimateSpeechMs, textToSentences } from './text-sentences';
import { NotWavError, parseWav, wavFile } from './wav';
import { Loudness } from './lesson-mp3';

/** docs/decisions/049-voicing-own-lessons.md: the text to voice, the WAV a voice answers, the loudness. */
describe('textToSentences', () => {
  it('cuts plain text into sentences, a blank line ending a paragraph and a line end being a space', () => {
    expect(textToSentences('One two.\nThree four? Five!\n\nSix.', 'text')).toEqual([
      { sentence: 'One two.', isParagraphEnd: false },
      { sentence: 'Three four?', isParagraphEnd: false },
      { sentence: 'Five!', isParagraphEnd: true },
      { sentence: 'Six.', isParagraphEnd: true },
    ]);
  });

  it('takes markdown to its words: emphasis and links kept as words, code, HTML and images left out', () => {
    const markdown =
      '## Why *fees* matter\n\n<div>x</div>\n\nSee ![chart](a.png) [this](https://e.test) `now`.\n\n    code\n';
    expect(textToSentences(markdown, 'markdown').map((entry) => entry.sentence)).toEqual([
      'Why fees matter.',
      'See this now.',
    ]);
  });

  it('leaves out blocks with no letters or digits, and cuts a sentence over 600 characters at a space', () => {
    expect(textToSentences('---\n\n...', 'text')).toEqual([]);
    const long = `${'word '.repeat(300)}end.`;
    const pieces = textToSentences(long, 'text');
    expect(pieces.length).toBe(3);
    for (const piece of pieces) expect(piece.sentence.length).toBeLessThanOrEqual(600);
    expect(pieces.map((piece) => piece.sentence).join(' ')).toBe(long.trim());
  });

  it('guesses 160 words a minute', () => {
    expect(estimateSpeechMs(textToSentences('word '.repeat(160), 'text'))).toBe(60_000);
  });
});

describe('parseWav', () => {
  it('reads 16-bit PCM back, mono, and mixes stereo down', () => {
    const samples = Int16Array.from([0, 1000, -1000, 32767]);
    expect(parseWav(wavFile({ sampleRate: 22050, samples }))).toEqual({ sampleRate: 22050, samples });
    const stereo = wavFile({ sampleRate: 24000, samples: Int16Array.from([100, 300, -100, -300]) });
    new DataView(stereo.buffer).setUint16(22, 2, true);
    expect(parseWav(stereo).samples).toEqual(Int16Array.from([200, -200]));
  });

  it('refuses what is not a WAVE file of 16-bit PCM', () => {
    expect(() => parseWav(new TextEncoder().encode('<html></html>'))).toThrow(NotWavError);
    const float = wavFile({ sampleRate: 24000, samples: new Int16Array(4) });
    new DataView(float.buffer).setUint16(20, 3, true);
    expect(() => parseWav(float)).toThrow(NotWavError);
  });
});

describe('Loudness', () => {
  it('brings quiet speech up to about -18 dBFS, never clipping, and leaves silence alone', () => {
    const quiet = new Loudness();
    quiet.add(Int16Array.from({ length: 1000 }, (_, i) => (i % 2 ? 1000 : -1000)));
    expect(quiet.gain()).toBeCloseTo((32767 * 10 ** (-18 / 20)) / 1000, 3);
    const peaky = new Loudness();
    peaky.add(Int16Array.from([30000, -100, 100, -100]));
    expect(peaky.gain() * 30000).toBeLessThanOrEqual(32767);
    expect(new Loudness().gain()).toBe(1);
  });
});
