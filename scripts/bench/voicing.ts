// A lesson voiced from a 2,000-word text by the embedded voice (docs/decisions/049-voicing-own-lessons.md), on the
// built server: from the request to the lesson ready, and the peak memory of the server process and of the voice's
// child process (sampled every 50 ms from /proc). Goals: at least 10 times faster than the speech lasts, and under
// 400 MB resident for the two together.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../lib/built-server.mjs';
import { SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../lib/build-app.mjs';

export const VOICING_GOALS = { speedup: 10, rssMb: 400 };
const WORDS = 2000;

/** A text of about 2,000 words: varied sentences of 8 to 25 words in paragraphs of five. */
function benchText(): string {
  const words = 'money grows when you save early and let interest compound over many quiet years of patience'.split(
    ' ',
  );
  const sentences: string[] = [];
  let count = 0;
  for (let n = 0; count < WORDS; n += 1) {
    const length = 8 + ((n * 7) % 18);
    const sentence = Array.from({ length }, (_, i) => words[(n * 3 + i * 5) % words.length]).join(' ');
    sentences.push(`${sentence[0]!.toUpperCase()}${sentence.slice(1)}.`);
    count += length;
  }
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length; i += 5) paragraphs.push(sentences.slice(i, i + 5).join(' '));
  return paragraphs.join('\n\n');
}

export function rssOf(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean))
      .map(Number);
  } catch {
    return [];
  }
}

export interface VoicingBench {
  words: number;
  sentences: number;
  readyMs: number;
  speechMs: number;
  peakServerMb: number;
  peakVoiceMb: number;
  peakTotalMb: number;
  /** The server's and the voice's resident memory when the server is up and idle, before the request. */
  idleServerMb: number;
}

export async function benchVoicing(): Promise<VoicingBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-bench-voicing-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const healthy = await fetch(`${url}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (healthy) break;
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
    const headers = { cookie: sid, origin: url, 'content-type': 'application/json' };

    const idleServer = rssOf(child.pid!);
    let peakServer = 0;
    let peakVoice = 0;
    let peakTotal = 0;
    const sampler = setInterval(() => {
      const server = rssOf(child.pid!);
      const voice = childrenOf(child.pid!).reduce((sum, pid) => sum + rssOf(pid), 0);
      peakServer = Math.max(peakServer, server);
      peakVoice = Math.max(peakVoice, voice);
      peakTotal = Math.max(peakTotal, server + voice);
    }, 50);
    const text = benchText();
    const started = performance.now();
    const made = await fetch(`${url}/api/lessons/mine/text`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Bench', text, format: 'text' }),
    });
    if (!made.ok) throw new Error(`bench lesson refused: ${made.status} ${await made.text()}`);
    const { lesson } = (await made.json()) as { lesson: { id: string; progress: { total: number } } };
    let speechMs = 0;
    for (;;) {
      const list = (await (await fetch(`${url}/api/lessons/mine`, { headers })).json()) as {
        lessons: { id: string; status: string; durationMs: number; error?: string }[];
      };
      const card = list.lessons.find((entry) => entry.id === lesson.id);
      if (card?.status === 'failed') throw new Error(`bench lesson failed: ${card.error}`);
      if (card?.status === 'ready') {
        speechMs = card.durationMs;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const readyMs = performance.now() - started;
    clearInterval(sampler);
    const mb = (bytes: number) => bytes / 1024 / 1024;
    return {
      words: text.split(/\s+/).length,
      sentences: lesson.progress.total,
      readyMs,
      speechMs,
      peakServerMb: mb(peakServer),
      peakVoiceMb: mb(peakVoice),
      peakTotalMb: mb(peakTotal),
      idleServerMb: mb(idleServer),
    };
  } finally {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printVoicing(result: VoicingBench): void {
  const speedup = result.speechMs / result.readyMs;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(
    `\nA lesson from a ${result.words.toLocaleString('en-US')}-word text (${result.sentences} sentences), embedded voice, built server:`,
  );
  console.log(
    `  ready in ${(result.readyMs / 1000).toFixed(1)} s for ${(result.speechMs / 60_000).toFixed(1)} min of speech: ` +
      `${speedup.toFixed(1)}x faster than real time (goal at least ${VOICING_GOALS.speedup}x: ${met(speedup >= VOICING_GOALS.speedup)})`,
  );
  console.log(
    `  peak resident memory: server ${result.peakServerMb.toFixed(0)} MB, voice ${result.peakVoiceMb.toFixed(0)} MB, ` +
      `together ${result.peakTotalMb.toFixed(0)} MB (goal under ${VOICING_GOALS.rssMb} MB: ${met(result.peakTotalMb < VOICING_GOALS.rssMb)}); ` +
      `the server idle before it: ${result.idleServerMb.toFixed(0)} MB`,
  );
}
