/**
 * A WebVTT or SRT file read into its cues (docs/decisions/046-own-lessons.md), refusing what would make a transcript that does not follow its audio: cues out of order, overlapping, ending
 * before they start, or no words at all. A cue with no text is left out; tags and entities are taken off.
 */
export interface Cue {
  startMs: number;
  endMs: number;
  text: string;
}

/** A refusal with the sentence the learner reads. */
export class CaptionError extends Error {}

/** Real captions often overlap by a frame or two; more than this is a file whose times cannot be followed. */
const OVERLAP_TOLERANCE_MS = 1000;

const TIME = String.raw`(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})`;
const TIMING_LINE = new RegExp(String.raw`^\s*${TIME}\s*-->\s*${TIME}`);

function toMs(groups: (string | undefined)[]): number {
  const [hours, minutes, seconds, fraction] = groups;
  return (
    Number(hours ?? 0) * 3_600_000 +
    Number(minutes) * 60_000 +
    Number(seconds) * 1000 +
    Math.round(Number(`0.${fraction ?? '0'}`) * 1000)
  );
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  lrm: '',
  rlm: '',
};

/** A cue's payload as plain words: voice and class tags, inline timestamps and entities resolved, lines joined. */
export function cueText(lines: readonly string[]): string {
  return lines
    .join(' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

export type CaptionFormat = 'vtt' | 'srt';

/** WebVTT starts with its signature; SRT with a cue number over a timing line. */
export function captionFormat(text: string): CaptionFormat | null {
  const body = text.replace(/^\uFEFF/, '');
  if (/^WEBVTT(?:[ \t].*)?(?:\r?\n|$)/.test(body)) return 'vtt';
  const [first, second] = body.trimStart().split(/\r?\n/);
  if (first !== undefined && /^\d+\s*$/.test(first) && second !== undefined && TIMING_LINE.test(second)) return 'srt';
  return null;
}

function clock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The cues of a WebVTT or SRT file, in order; throws CaptionError with what is wrong and where. */
export function parseCaptions(text: string): Cue[] {
  if (text.includes('\uFFFD')) {
    throw new CaptionError('The transcript is not valid UTF-8 text. Save it as UTF-8 and try again.');
  }
  if (!captionFormat(text)) {
    throw new CaptionError('The transcript is not a WebVTT (.vtt) or SRT (.srt) file.');
  }
  const blocks = text.replace(/^\uFEFF/, '').split(/\r?\n[ \t]*\r?\n/);
  const cues: Cue[] = [];
  for (const block of blocks) {
    const lines = block.split(/\r?\n/);
    const timingIndex = lines.findIndex((line) => TIMING_LINE.test(line));
    // WEBVTT header, NOTE, STYLE and REGION blocks have no timing line.
    if (timingIndex === -1 || timingIndex > 1) continue;
    const match = TIMING_LINE.exec(lines[timingIndex]!)!;
    const startMs = toMs(match.slice(1, 5));
    const endMs = toMs(match.slice(5, 9));
    const number = cues.length + 1;
    if (endMs < startMs) {
      throw new CaptionError(`Cue ${number} ends (${clock(endMs)}) before it starts (${clock(startMs)}).`);
    }
    const previous = cues.at(-1);
    if (previous && startMs < previous.startMs) {
      throw new CaptionError(
        `Cue ${number} starts at ${clock(startMs)}, before the cue above it (${clock(previous.startMs)}). Put the cues in order of time.`,
      );
    }
    if (previous && previous.endMs - startMs > OVERLAP_TOLERANCE_MS) {
      throw new CaptionError(
        `Cue ${number} starts at ${clock(startMs)}, while the cue above it runs until ${clock(previous.endMs)}. Cues must not overlap.`,
      );
    }
    const words = cueText(lines.slice(timingIndex + 1));
    if (words) cues.push({ startMs, endMs, text: words });
  }
  if (cues.length === 0) throw new CaptionError('The transcript has no cues with words in them.');
  return cues;
}
