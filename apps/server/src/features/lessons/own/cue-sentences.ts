import type { TranscriptEntry } from '@turtle/shared/lesson';
import type { Cue } from './captions';

/** A pause this long between two cues ends a paragraph of the transcript. */
export const PARAGRAPH_PAUSE_MS = 2000;

/** Where each character of the joined cue text is said: its cue's time, shared out by the characters. */
interface Span {
  from: number;
  to: number;
  cue: Cue;
}

/** The span holding `offset` (or the last): a binary search. */
function spanAt(spans: readonly Span[], offset: number): number {
  let low = 0;
  let high = spans.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (offset < spans[middle]!.to) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * Cues become the transcript's sentences (docs/decisions/046-own-lessons.md): their words are joined and cut at
 * sentence ends, so a sentence spread over three cues is one entry and a cue holding two sentences gives two. A
 * sentence starts when its first character is said, placed inside its cue by the share of the cue's characters
 * before it (captions carry no finer time). A paragraph ends at a pause between cues or at the last sentence.
 */
function blockToTranscript(cues: readonly Cue[], locale: string): TranscriptEntry[] {
  const spans: Span[] = [];
  let joined = '';
  for (const cue of cues) {
    if (joined) joined += ' ';
    spans.push({ from: joined.length, to: joined.length + cue.text.length, cue });
    joined += cue.text;
  }
  const timeAt = (offset: number): { ms: number; span: number } => {
    const index = spanAt(spans, offset);
    const { from, to, cue } = spans[index]!;
    const share = to > from ? Math.max(0, offset - from) / (to - from) : 0;
    return { ms: Math.round(cue.startMs + share * (cue.endMs - cue.startMs)), span: index };
  };

  const segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
  const entries: (TranscriptEntry & { firstSpan: number; lastSpan: number })[] = [];
  for (const { segment, index } of segmenter.segment(joined)) {
    const sentence = segment.trim();
    if (!sentence) continue;
    const start = timeAt(index + segment.indexOf(sentence[0]!));
    const end = timeAt(index + segment.trimEnd().length - 1);
    const previousStart = entries.at(-1)?.startMs ?? 0;
    entries.push({
      sentence,
      startMs: Math.max(start.ms, previousStart),
      isParagraphEnd: false,
      firstSpan: start.span,
      lastSpan: end.span,
    });
  }
  return entries.map(({ firstSpan: _first, lastSpan, ...entry }, index) => {
    const nextEntry = entries[index + 1];
    // A pause counts only where this sentence ends with its cue and the next starts with another.
    const pause =
      nextEntry && nextEntry.firstSpan > lastSpan
        ? spans[nextEntry.firstSpan]!.cue.startMs - spans[lastSpan]!.cue.endMs
        : 0;
    return { ...entry, isParagraphEnd: !nextEntry || pause >= PARAGRAPH_PAUSE_MS };
  });
}

/** A block ends at a cue that ends a sentence, or after this many cues (captions with no punctuation at all). */
const BLOCK_CUES_MAX = 20;
const ENDS_SENTENCE = /[.!?…。！？]["'”’)\]]*$/;

/**
 * The cues a few at a time, each block ending where a cue ends a sentence: V8's sentence segmenter slows down more
 * than linearly with the text it walks (8,000 sentences in one string took 4 s), so a long transcript is segmented
 * in short pieces, linear in its length. A block's last sentence ends a paragraph only at a pause, as inside a block.
 */
export function cuesToTranscript(cues: readonly Cue[], locale = 'en'): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  let start = 0;
  while (start < cues.length) {
    let end = start;
    while (end < cues.length - 1 && end - start < BLOCK_CUES_MAX - 1 && !ENDS_SENTENCE.test(cues[end]!.text)) end += 1;
    const block = blockToTranscript(cues.slice(start, end + 1), locale);
    const next = cues[end + 1];
    const last = block.at(-1);
    if (last && next) last.isParagraphEnd = next.startMs - cues[end]!.endMs >= PARAGRAPH_PAUSE_MS;
    const floor = entries.at(-1)?.startMs ?? 0;
    for (const entry of block) entries.push({ ...entry, startMs: Math.max(entry.startMs, floor) });
    start = end + 1;
  }
  return entries;
}
