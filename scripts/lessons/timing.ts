// Where each sentence goes in the final audio. Speech clips are laid end to end with pauses between them:
// a short one between sentences and a longer one at paragraph ends. The pauses are stretched or squeezed by
// one common factor so that the lesson lasts exactly its listed duration, and every sentence starts on a
// whole 20 ms tick so that its transcript `startMs` is an exact integer.

export const LEAD_IN_MS = 240;
export const TAIL_MS = 1000;
export const SENTENCE_PAUSE_MS = 500;
export const PARAGRAPH_PAUSE_MS = 1200;
/** How far the pauses may be scaled from their nominal lengths and still sound natural. */
export const MIN_PAUSE_SCALE = 0.6;
export const MAX_PAUSE_SCALE = 1.6;
export const TICK_MS = 20;

export interface LayoutInput {
  sampleRate: number;
  clipLengths: readonly number[];
  /** Whether each sentence ends its paragraph (the last one always does). */
  paragraphEnds: readonly boolean[];
  targetMs: number;
}

export interface Layout {
  /** First sample of each clip in the final audio. */
  startSamples: number[];
  startMs: number[];
  totalSamples: number;
  /** The factor applied to every nominal pause. */
  pauseScale: number;
}

/** "3:37" to 217000. */
export function parseDurationMs(duration: string): number {
  const match = /^(\d+):([0-5]\d)$/.exec(duration);
  if (!match) throw new Error(`Not an m:ss duration: ${duration}`);
  return (Number(match[1]) * 60 + Number(match[2])) * 1000;
}

function pauseWeightsMs(paragraphEnds: readonly boolean[]): number[] {
  return paragraphEnds.slice(0, -1).map((end) => (end ? PARAGRAPH_PAUSE_MS : SENTENCE_PAUSE_MS));
}

export type TimingTarget = Omit<LayoutInput, 'clipLengths'>;

function nominalPausesMs(paragraphEnds: readonly boolean[]): number {
  return pauseWeightsMs(paragraphEnds).reduce((sum, ms) => sum + ms, 0);
}

/** How long the speech itself should last for every pause to keep its nominal length. */
export function speechBudgetMs(target: TimingTarget): number {
  return target.targetMs - LEAD_IN_MS - TAIL_MS - nominalPausesMs(target.paragraphEnds);
}

/** The pause scale that would make clips of this total length fill the target exactly. */
export function pauseScaleFor(speechSamples: number, target: TimingTarget): number {
  const nominalMs = nominalPausesMs(target.paragraphEnds);
  const availableMs = target.targetMs - LEAD_IN_MS - TAIL_MS - (speechSamples * 1000) / target.sampleRate;
  return nominalMs === 0 ? 1 : availableMs / nominalMs;
}

export function layoutClips(input: LayoutInput): Layout {
  const { sampleRate, clipLengths, paragraphEnds, targetMs } = input;
  if (clipLengths.length === 0 || clipLengths.length !== paragraphEnds.length) {
    throw new Error('layoutClips needs one paragraph-end flag per clip');
  }
  const samplesPerTick = (sampleRate * TICK_MS) / 1000;
  if (!Number.isInteger(samplesPerTick)) throw new Error(`${sampleRate} Hz has no whole-sample ${TICK_MS} ms tick`);
  const msToSamples = (ms: number): number => (ms * sampleRate) / 1000;
  const totalSamples = msToSamples(targetMs);
  const speechSamples = clipLengths.reduce((sum, length) => sum + length, 0);
  const weights = pauseWeightsMs(paragraphEnds);
  const weightTotal = weights.reduce((sum, ms) => sum + ms, 0);
  const pauseSamples = totalSamples - msToSamples(LEAD_IN_MS) - msToSamples(TAIL_MS) - speechSamples;
  const pauseScale = pauseScaleFor(speechSamples, input);
  if (pauseScale < MIN_PAUSE_SCALE || pauseScale > MAX_PAUSE_SCALE) {
    throw new Error(
      `Pauses would need scaling by ${pauseScale.toFixed(3)}, outside [${MIN_PAUSE_SCALE}, ${MAX_PAUSE_SCALE}]`,
    );
  }

  const startSamples: number[] = [];
  let speechBefore = 0;
  let weightBefore = 0;
  clipLengths.forEach((length, index) => {
    const ideal =
      msToSamples(LEAD_IN_MS) + speechBefore + (weightTotal ? (pauseSamples * weightBefore) / weightTotal : 0);
    startSamples.push(Math.round(ideal / samplesPerTick) * samplesPerTick);
    speechBefore += length;
    weightBefore += weights[index] ?? 0;
  });
  const lastStart = startSamples[startSamples.length - 1] ?? 0;
  const lastLength = clipLengths[clipLengths.length - 1] ?? 0;
  if (lastStart + lastLength > totalSamples) throw new Error('The last sentence runs past the target duration');
  return {
    startSamples,
    startMs: startSamples.map((sample) => (sample / samplesPerTick) * TICK_MS),
    totalSamples,
    pauseScale,
  };
}

/** Places the clips at their starts in one buffer of `totalSamples` (silence elsewhere). */
export function mixClips(clips: readonly Int16Array[], layout: Layout): Int16Array {
  const output = new Int16Array(layout.totalSamples);
  clips.forEach((clip, index) => output.set(clip, layout.startSamples[index] ?? 0));
  return output;
}
