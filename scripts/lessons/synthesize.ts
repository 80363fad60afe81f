// Speech synthesis with Debian's espeak-ng, one sentence per call. MBROLA voices (which sound more natural)
// are not installable here: Debian ships them in contrib/non-free and `apt-cache search mbrola` finds nothing
// on this machine, so we use espeak-ng's own formant voice.
import { runCommand } from './run-command';
import { toSpeechText } from './speech-text';
import { parseWav, trimSilence } from './wav';

/** American English: the series' examples are in dollars, and it is espeak-ng's most polished English voice. */
export const VOICE = 'en-us';
export const SAMPLE_RATE = 22_050;
/** Words per minute espeak-ng may be asked for: slower sounds sluggish, faster gets hard to follow. */
export const MIN_RATE_WPM = 140;
export const MAX_RATE_WPM = 180;

const SILENCE_THRESHOLD = 48; // of 32767: espeak-ng pads with digital silence (zeros); speech is far louder
const EDGE_MARGIN_SAMPLES = Math.round(SAMPLE_RATE * 0.015);

/** One sentence as 16-bit mono PCM at SAMPLE_RATE, with espeak-ng's surrounding silence trimmed. */
export async function synthesizeSentence(sentence: string, rateWpm: number): Promise<Int16Array> {
  const wav = await runCommand(
    'espeak-ng',
    ['-v', VOICE, '-s', String(rateWpm), '-z', '--stdout'],
    toSpeechText(sentence),
  );
  const audio = parseWav(wav);
  if (audio.sampleRate !== SAMPLE_RATE) throw new Error(`espeak-ng wrote ${audio.sampleRate} Hz, not ${SAMPLE_RATE}`);
  const clip = trimSilence(audio.samples, SILENCE_THRESHOLD, EDGE_MARGIN_SAMPLES);
  if (clip.length === 0) throw new Error(`espeak-ng produced silence for: ${sentence}`);
  return clip;
}

/** All sentences at one rate, two espeak-ng processes at a time (the machine has two cores). */
export async function synthesizeAll(sentences: readonly string[], rateWpm: number): Promise<Int16Array[]> {
  const clips: Int16Array[] = new Array<Int16Array>(sentences.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < sentences.length) {
      const index = next;
      next += 1;
      clips[index] = await synthesizeSentence(sentences[index] ?? '', rateWpm);
    }
  }
  await Promise.all([worker(), worker()]);
  return clips;
}

export async function espeakVersion(): Promise<string> {
  return (await runCommand('espeak-ng', ['--version'], '')).toString().trim();
}
