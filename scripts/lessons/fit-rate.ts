// Choosing espeak-ng's speaking rate for a lesson. Speech length is roughly inversely proportional to the rate,
// so each try predicts the rate at which the pauses would keep their nominal lengths, synthesizes at that rate,
// and stops once the pauses need only a gentle stretch or squeeze. Every step is deterministic, so a rebuild
// makes the same choices.
import { MAX_RATE_WPM, MIN_RATE_WPM } from './synthesize';
import { pauseScaleFor, speechBudgetMs, type TimingTarget } from './timing';

export const START_RATE_WPM = 160;
/** Pause scales accepted without trying another rate (sentence pauses of 425 to 600 ms). */
export const ACCEPTED_PAUSE_SCALE: readonly [number, number] = [0.85, 1.2];
const MAX_TRIES = 6;

export interface RateFit {
  rateWpm: number;
  clips: Int16Array[];
  pauseScale: number;
}

const clampRate = (rate: number): number => Math.min(MAX_RATE_WPM, Math.max(MIN_RATE_WPM, rate));
/** How far a pause scale is from 1, on a ratio scale; a scale of 0 or less (no room at all) is worst. */
const distanceFromNominal = (scale: number): number => (scale > 0 ? Math.abs(Math.log(scale)) : 1e6 - scale);

export async function fitRate(
  synthesize: (rateWpm: number) => Promise<Int16Array[]>,
  target: TimingTarget,
): Promise<RateFit> {
  const tried: RateFit[] = [];
  let rateWpm = START_RATE_WPM;
  for (let attempt = 0; attempt < MAX_TRIES; attempt += 1) {
    const clips = await synthesize(rateWpm);
    const speechSamples = clips.reduce((sum, clip) => sum + clip.length, 0);
    const pauseScale = pauseScaleFor(speechSamples, target);
    tried.push({ rateWpm, clips, pauseScale });
    if (pauseScale >= ACCEPTED_PAUSE_SCALE[0] && pauseScale <= ACCEPTED_PAUSE_SCALE[1]) break;

    const speechMs = (speechSamples * 1000) / target.sampleRate;
    let next = clampRate(Math.round((rateWpm * speechMs) / speechBudgetMs(target)));
    if (next === rateWpm) next = clampRate(rateWpm + (pauseScale < 1 ? 1 : -1));
    if (next === rateWpm || tried.some((fit) => fit.rateWpm === next)) break;
    rateWpm = next;
  }
  // The try whose pauses are closest to nominal; ties go to the earlier try.
  return tried.reduce((best, fit) =>
    distanceFromNominal(fit.pauseScale) < distanceFromNominal(best.pauseScale) ? fit : best,
  );
}
