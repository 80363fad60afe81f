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

/**
 * Cues become the transcript's sentences (docs/decisions/046-own-lessons.md): their words are joined and cut at
 * sentence ends, so a sentence spread over three cues is one entry and a cue holding two sentences gives two. A
 * sentence starts when its first character is said, placed inside its cue by the share of the cue's characters
 * before it (captions carry no finer time). A paragraph ends at a pause between cues or at the last sentence.
 */
export function cuesToTranscript(cues: readonly Cue[], locale = 'en'): TranscriptEntry[] {
  const spans: Span[] = [];
  let joined = '';
  for (const cue of cues) {
    if (joined) joined += ' ';
    spans.push({ from: joined.length, to: joined.length + cue.text.length, cue });
    joined += cue.text;
  }
  const timeAt = (offset: number): { ms: number; span: number } => {
    let index = spans.findIndex((span) => offset < span.to);
    if (index === -1) index = spans.length - 1;
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
