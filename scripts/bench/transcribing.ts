// A lesson from a 20-minute MP3 alone (docs/decisions/051-transcribing-own-lessons.md), transcribed against the fake
// speech-to-text service on the built server: from the upload to the lesson ready, and the server's peak resident
// memory (sampled every 50 ms from /proc). The fake answers at once, so the time is the server's own work: the upload
// and probe, cutting the MP3 into ten pieces, sending them, and making the lesson. Goal: under 400 MB resident.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../lib/built-server.mjs';
import { SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../lib/build-app.mjs';
import { startFakeTranscription } from '../../apps/server/test/support/fake-transcription';
import { podcastAudio } from '../../apps/server/test/support/podcast-audio';
import { rssOf } from './voicing';

export const TRANSCRIBING_GOALS = { rssMb: 400 };
const MINUTES = 20;

export interface TranscribingBench {
  audioMb: number;
  audioMs: number;
  pieces: number;
  sentences: number;
  uploadMs: number;
  readyMs: number;
  peakServerMb: number;
  idleServerMb: number;
}

export async function benchTranscribing(): Promise<TranscribingBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-bench-transcribing-'));
  const stt = await startFakeTranscription();
  const mp3 = await podcastAudio('mp3', MINUTES * 60);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...stt.env(),
    },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (
        await fetch(`${url}/api/health`).then(
          (res) => res.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const signup = await fetch(`${url}/api/user/signup`, {
      method: 'POST',
      headers: { origin: url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Bench', email: 'bench@example.com', password: 'correct horse' }).toString(),
    });
    const sid = signup.headers
      .getSetCookie()
      .find((line) => line.startsWith('sid='))
      ?.split(';')[0];
    if (!sid) throw new Error(`bench signup failed: ${signup.status}`);
    const idleServer = rssOf(child.pid!);
    let peakServer = 0;
    const sampler = setInterval(() => (peakServer = Math.max(peakServer, rssOf(child.pid!))), 50);
    const started = performance.now();
    const upload = await fetch(`${url}/api/lessons/mine/audio`, {
      method: 'POST',
      headers: { cookie: sid, origin: url, 'content-type': 'application/octet-stream' },
      body: mp3,
    });
    if (!upload.ok) throw new Error(`bench upload refused: ${upload.status} ${await upload.text()}`);
    const { uploadId, durationMs } = (await upload.json()) as { uploadId: string; durationMs: number };
    const uploadMs = performance.now() - started;
    const headers = { cookie: sid, origin: url, 'content-type': 'application/json' };
    const made = await fetch(`${url}/api/lessons/mine/transcribe`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Bench', uploadId }),
    });
    if (!made.ok) throw new Error(`bench lesson refused: ${made.status} ${await made.text()}`);
    const { lesson } = (await made.json()) as { lesson: { id: string } };
    for (;;) {
      const list = (await (await fetch(`${url}/api/lessons/mine`, { headers })).json()) as {
        lessons: { id: string; status: string; error?: string }[];
      };
      const card = list.lessons.find((entry) => entry.id === lesson.id);
      if (card?.status === 'failed') throw new Error(`bench lesson failed: ${card.error}`);
      if (card?.status === 'ready') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const readyMs = performance.now() - started;
    clearInterval(sampler);
    const played = (await (await fetch(`${url}/api/lessons/mine/${lesson.id}`, { headers })).json()) as {
      lesson: { transcript: unknown[] };
    };
    const mb = (bytes: number) => bytes / 1024 / 1024;
    return {
      audioMb: mb(mp3.length),
      audioMs: durationMs,
      pieces: stt.requests.length,
      sentences: played.lesson.transcript.length,
      uploadMs,
      readyMs,
      peakServerMb: mb(peakServer),
      idleServerMb: mb(idleServer),
    };
  } finally {
    child.kill('SIGTERM');
    await exited;
    await stt.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printTranscribing(result: TranscribingBench): void {
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(
    `\nA lesson from a ${(result.audioMs / 60_000).toFixed(0)}-minute MP3 alone (${result.audioMb.toFixed(1)} MB), ` +
      `fake speech-to-text answering at once, built server:`,
  );
  console.log(
    `  ready in ${(result.readyMs / 1000).toFixed(1)} s (upload and probe ${(result.uploadMs / 1000).toFixed(1)} s), ` +
      `${result.pieces} pieces sent, ${result.sentences} sentences`,
  );
  console.log(
    `  peak resident memory of the server ${result.peakServerMb.toFixed(0)} MB (goal under ${TRANSCRIBING_GOALS.rssMb} MB: ` +
      `${met(result.peakServerMb < TRANSCRIBING_GOALS.rssMb)}); idle before it: ${result.idleServerMb.toFixed(0)} MB`,
  );
}
