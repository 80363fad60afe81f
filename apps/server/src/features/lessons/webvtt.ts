import type { TranscriptEntry } from '@turtle/shared/lesson';

/** `hh:mm:ss.ttt`, the WebVTT cue timestamp. */
export function vttTime(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const hours = Math.floor(whole / 3_600_000);
  const minutes = Math.floor(whole / 60_000) % 60;
  const seconds = Math.floor(whole / 1000) % 60;
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(whole % 1000, 3)}`;
}

/** Cue text may not hold `-->`, and `&` and `<` start markup: escape all three characters. */
function cueText(sentence: string): string {
  return sentence.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\s+/g, ' ').trim();
}

/**
 * The transcript as WebVTT: one cue a sentence, from its start to the next one's (the last to the lesson's end).
 * Used for the transcript export and as the audio element's captions track.
 */
export function toWebVtt(transcript: TranscriptEntry[], durationMs: number): string {
  const cues = transcript.map((entry, index) => {
    const next = transcript[index + 1]?.startMs ?? Math.max(durationMs, entry.startMs + 1000);
    return `${index + 1}\n${vttTime(entry.startMs)} --> ${vttTime(Math.max(next, entry.startMs + 1))}\n${cueText(entry.sentence)}`;
  });
  return ['WEBVTT', '', ...cues.flatMap((cue) => [cue, ''])].join('\n');
}
