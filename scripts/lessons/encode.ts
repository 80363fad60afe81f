// MP3 encoding with ffmpeg's libmp3lame. The flags make the output a pure function of the PCM input: no
// metadata, no ID3 tags, no version strings (bitexact), so a rebuild reproduces the file byte for byte.
// ffmpeg writes to a real file because it seeks back at the end to fill in the Xing/Info frame (frame
// count, seek table, encoder delay and padding), which it cannot do on a pipe.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from './run-command';
import { encodeWav, type PcmAudio } from './wav';

export const MP3_BITRATE = '48k';

export async function encodeMp3(audio: PcmAudio): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'lesson-mp3-'));
  try {
    const output = join(dir, 'lesson.mp3');
    await runCommand(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
        ...['-f', 'wav', '-i', 'pipe:0'],
        ...['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact'],
        ...['-ac', '1', '-c:a', 'libmp3lame', '-b:a', MP3_BITRATE, '-compression_level', '2'],
        ...['-id3v2_version', '0', '-write_id3v1', '0', '-f', 'mp3', output],
      ],
      encodeWav(audio),
    );
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function ffmpegVersion(): Promise<string> {
  return (await runCommand('ffmpeg', ['-version'])).toString().split('\n')[0]?.trim() ?? '';
}
