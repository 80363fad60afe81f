import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Audio made the way a podcast's host makes it (docs/decisions/046-own-lessons.md's tests): ffmpeg (installed by
 * `.ci/run`) encodes a tone of `seconds`; an MP3 is 44.1 kHz stereo at 128 kb/s with ID3v2.3 tags and a cover
 * picture, as publishing tools write them.
 */
export async function podcastAudio(format: 'mp3' | 'm4a' | 'ogg' | 'wav' | 'webm', seconds: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'turtle-podcast-'));
  const output = path.join(dir, `episode.${format}`);
  const tone = ['-f', 'lavfi', '-i', `sine=frequency=300:duration=${seconds}`];
  const byFormat: Record<typeof format, string[]> = {
    mp3: [
      ...['-f', 'lavfi', '-i', 'color=c=red:s=64x64:d=1', '-map', '0:a', '-map', '1:v', '-frames:v', '1'],
      ...['-c:a', 'libmp3lame', '-b:a', '128k', '-ar', '44100', '-ac', '2', '-c:v', 'mjpeg', '-id3v2_version', '3'],
      ...['-metadata', 'title=Episode 12', '-metadata', 'artist=Money Talk', '-metadata:s:v', 'comment=Cover (front)'],
    ],
    m4a: ['-c:a', 'aac', '-b:a', '96k'],
    ogg: ['-c:a', 'libopus', '-b:a', '48k'],
    wav: ['-c:a', 'pcm_s16le', '-ar', '16000'],
    webm: ['-c:a', 'libopus', '-b:a', '48k'],
  };
  try {
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...tone, ...byFormat[format], output]);
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Captions for a `seconds`-long episode as a captioning tool writes them: a cue every 4 s, sentences across cues. */
export function podcastVtt(seconds: number): string {
  const stamp = (ms: number) => {
    const s = Math.floor(ms / 1000);
    return `00:${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
  };
  const lines = ['WEBVTT', ''];
  for (let start = 0, n = 1; start + 4000 <= seconds * 1000; start += 4000, n += 1) {
    lines.push(
      `${stamp(start)} --> ${stamp(start + 4000)}`,
      n % 2 ? `Part ${n} of the episode, where we talk` : 'about index funds. Fees add up.',
      '',
    );
  }
  return lines.join('\n');
}
