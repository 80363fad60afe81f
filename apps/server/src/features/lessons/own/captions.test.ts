import { describe, expect, it } from 'vitest';
import { CaptionError, captionFormat, parseCaptions } from './captions';
import { cuesToTranscript } from './cue-sentences';

// A podcast's captions as its host publishes them: a header, a NOTE, voice tags, an entity, a cue with two
// sentences, a sentence across two cues, then a pause.
const VTT = `WEBVTT Kind: captions

NOTE made by the host

00:00:00.000 --> 00:00:04.000
<v Ana>Welcome to the show. Today we talk</v>

00:00:04.000 --> 00:00:07.000
about index funds &amp; fees.

intro-3
00:00:10.500 --> 00:00:13.000
Fees add up.
`;

const SRT = `1
00:00:01,000 --> 00:00:03,000
Hello there.

2
00:00:03,500 --> 00:00:05,000
<i>General Kenobi.</i>
`;

describe('captions (docs/decisions/046-own-lessons.md)', () => {
  it('tells WebVTT from SRT and refuses anything else', () => {
    expect(captionFormat(VTT)).toBe('vtt');
    expect(captionFormat('\uFEFF' + SRT)).toBe('srt');
    expect(captionFormat('Just some text.')).toBeNull();
    expect(() => parseCaptions('Just some text.')).toThrow('not a WebVTT (.vtt) or SRT (.srt) file');
  });

  it('reads cues with tags and entities taken off, skipping header and note blocks', () => {
    expect(parseCaptions(VTT)).toEqual([
      { startMs: 0, endMs: 4000, text: 'Welcome to the show. Today we talk' },
      { startMs: 4000, endMs: 7000, text: 'about index funds & fees.' },
      { startMs: 10_500, endMs: 13_000, text: 'Fees add up.' },
    ]);
    expect(parseCaptions(SRT).map((cue) => cue.text)).toEqual(['Hello there.', 'General Kenobi.']);
  });

  it('refuses cues out of order, overlapping, ending before they start, or with no words', () => {
    const vtt = (...cues: string[]) => `WEBVTT\n\n${cues.join('\n\n')}\n`;
    expect(() => parseCaptions(vtt('00:05.000 --> 00:06.000\nB', '00:01.000 --> 00:02.000\nA'))).toThrow(
      'Cue 2 starts at 0:01, before the cue above it (0:05)',
    );
    expect(() => parseCaptions(vtt('00:01.000 --> 00:09.000\nA', '00:03.000 --> 00:10.000\nB'))).toThrow(
      'Cues must not overlap',
    );
    expect(() => parseCaptions(vtt('00:04.000 --> 00:02.000\nA'))).toThrow('Cue 1 ends (0:02) before it starts (0:04)');
    expect(() => parseCaptions(vtt('00:01.000 --> 00:02.000\n<b></b>'))).toThrow('no cues with words');
    expect(() => parseCaptions(vtt('00:01.000 --> 00:02.000\nA\uFFFD'))).toThrow('not valid UTF-8');
    // A frame or two of overlap is how real captions are cut.
    expect(parseCaptions(vtt('00:01.000 --> 00:03.040\nA', '00:03.000 --> 00:04.000\nB'))).toHaveLength(2);
  });

  it('errors are CaptionErrors, the ones the route answers 400 with', () => {
    expect(() => parseCaptions('')).toThrow(CaptionError);
  });
});

describe('cuesToTranscript', () => {
  it('cuts at sentence ends: two sentences in a cue split, one across cues merged, paragraphs at pauses', () => {
    const transcript = cuesToTranscript(parseCaptions(VTT));
    expect(transcript.map((entry) => entry.sentence)).toEqual([
      'Welcome to the show.',
      'Today we talk about index funds & fees.',
      'Fees add up.',
    ]);
    expect(transcript[0]).toMatchObject({ startMs: 0, isParagraphEnd: false });
    // "Today" begins 21 of the first cue's 34 characters in: 21/34 of its 4 s.
    expect(transcript[1]!.startMs).toBe(Math.round((21 / 34) * 4000));
    // 3.5 s of silence after "fees." ends the paragraph.
    expect(transcript[1]!.isParagraphEnd).toBe(true);
    expect(transcript[2]).toEqual({ sentence: 'Fees add up.', startMs: 10_500, isParagraphEnd: true });
  });

  it('keeps start times in order and every sentence non-empty', () => {
    const transcript = cuesToTranscript(parseCaptions(SRT));
    expect(transcript).toEqual([
      { sentence: 'Hello there.', startMs: 1000, isParagraphEnd: false },
      { sentence: 'General Kenobi.', startMs: 3500, isParagraphEnd: true },
    ]);
  });

  it('keeps each sentence at its own cue in a long transcript (the span lookup is a binary search)', () => {
    const cues = Array.from({ length: 20_000 }, (_, index) => ({
      startMs: index * 1000,
      endMs: index * 1000 + 900,
      text: `Sentence number ${index}.`,
    }));
    const transcript = cuesToTranscript(cues);
    expect(transcript).toHaveLength(20_000);
    expect(transcript[12_345]).toEqual({
      sentence: 'Sentence number 12345.',
      startMs: 12_345_000,
      isParagraphEnd: false,
    });
    expect(transcript.at(-1)!.startMs).toBe(19_999_000);
  });

  it('cuts captions with no punctuation at all every twenty cues, not into one sentence of the whole lesson', () => {
    const cues = Array.from({ length: 100 }, (_, index) => ({
      startMs: index * 3000,
      endMs: index * 3000 + 2900,
      text: `word ${index}`,
    }));
    const transcript = cuesToTranscript(cues);
    expect(transcript.map((entry) => entry.startMs)).toEqual([0, 60_000, 120_000, 180_000, 240_000]);
    expect(transcript[1]!.sentence).toMatch(/^word 20 word 21 .* word 39$/);
  });
});
