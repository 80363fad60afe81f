// Importing a large Anki package (docs/decisions/034-import-budget.md, 038-card-media.md): 20,000 cards with 200,000
// reviews and 500 media files, written as Anki 26.x writes a package (schema 18, zstd, `meta` 3, the protobuf media
// map) by the tests' package builders, sent to the built server running as its own process on embedded PGlite. The
// figures: the time from sending the package to the answer, and the server process's peak resident memory (VmHWM).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import type { ApkgSummary } from '@turtle/shared/cards-import';
import { ankiCollection18 } from '../../apps/server/test/support/anki-package-current';
import { ankiCurrentPackageWithMedia } from '../../apps/server/test/support/anki-package-media';
import { SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../lib/build-app.mjs';
import { freePort } from '../lib/built-server.mjs';

export const IMPORT_GOALS = { seconds: 60, peakRssMb: 400 };
const CARDS = 20_000;
const REVIEWS = 200_000;
const MEDIA = 500;
const DAY = 86_400_000;
/** Where the tests' builder numbers the notes and cards it makes in SQLite (`extraNotes`). */
const EXTRA_NOTE = 3_000_000_000_000;
const EXTRA_CARD = 4_000_000_000_000;

/** A PNG of `side`×`side` pixels of noise (incompressible, as a photo nearly is): about 3 × side² bytes. */
function noisePng(side: number, seed: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc(side * (1 + 3 * side));
  let state = Math.imul(seed, 2_654_435_761) >>> 0;
  for (let i = 0; i < raw.length; i++) {
    if (i % (1 + 3 * side) === 0) continue; // each row's filter byte: none
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    raw[i] = state >>> 24;
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const png = Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

/**
 * The package: 20,000 Basic notes (one card each) in review, ten reviews a card a month apart (learning first, an
 * Again now and then), every note's back showing one of 500 images (noise, 40 to 120 px square: 5 to 43 KB, 11 MB
 * in all).
 */
export async function buildBenchPackage() {
  const from = Date.UTC(2024, 0, 1);
  const perCard = REVIEWS / CARDS;
  const sql = `
    UPDATE notes SET flds = flds || '<img src="bench-' || (id % ${MEDIA}) || '.png">' WHERE id > ${EXTRA_NOTE};
    UPDATE cards SET type = 2, queue = 2, ivl = 30, due = 1550, reps = ${perCard} WHERE id > ${EXTRA_CARD};
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${REVIEWS - 1})
    INSERT INTO revlog SELECT
      ${from} + (i / ${CARDS}) * 30 * ${DAY} + (i % ${CARDS}) * 60000,
      ${EXTRA_CARD} + 1 + i % ${CARDS}, 0,
      CASE WHEN (i % ${CARDS} + i / ${CARDS}) % 11 = 0 THEN 1 ELSE 3 END,
      CASE WHEN i / ${CARDS} = 0 THEN -600 ELSE (i / ${CARDS}) * 30 END,
      CASE WHEN i / ${CARDS} <= 1 THEN 0 ELSE (i / ${CARDS} - 1) * 30 END,
      2500, 5000, CASE WHEN i / ${CARDS} = 0 THEN 0 ELSE 1 END
    FROM n;`;
  const collection = await ankiCollection18({ 1: 'Bench' }, [], { extraNotes: CARDS, sql });
  const media = Array.from({ length: MEDIA }, (_, index) => ({
    name: `bench-${index}.png`,
    bytes: noisePng(40 + (index % 41) * 2, index + 1),
  }));
  const bytes = await ankiCurrentPackageWithMedia(collection, media);
  return { bytes, mediaBytes: media.reduce((sum, file) => sum + file.bytes.length, 0) };
}

/** The server process's resident set now (VmRSS) and its peak so far (VmHWM), in MB. */
function rssMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const read = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) / 1024;
  return { now: read('VmRSS'), peak: read('VmHWM') };
}

/**
 * Starts the peak (VmHWM) over from the resident set now (Linux: `5` to `clear_refs`), so a step's peak is its own and
 * not the start-up's (a new data folder's migrations on PGlite reach about 740 MB once, then a restart starts at
 * 250 MB). False where the kernel does not allow it: the peak then includes everything before.
 */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** The CPU time the server process has used (user and system, all its threads), in seconds. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * `request` timed, with the highest resident set the server reached meanwhile (sampled every 50 ms) and the CPU time
 * it used: on a busy machine the wall time grows, the CPU time much less.
 */
async function timed(pid: number, request: () => Promise<Response>) {
  let highest = rssMb(pid).now;
  const sampler = setInterval(() => (highest = Math.max(highest, rssMb(pid).now)), 50);
  const started = performance.now();
  const cpuBefore = cpuSeconds(pid);
  try {
    const response = await request();
    const text = await response.text();
    if (!response.ok) throw new Error(`${response.url}: ${response.status} ${text}`);
    const cpu = cpuSeconds(pid) - cpuBefore;
    return { ms: performance.now() - started, cpu, highestRssMb: Math.max(highest, rssMb(pid).now), text };
  } finally {
    clearInterval(sampler);
  }
}

async function startServer(dataDir: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return { url, pid: child.pid!, stop };
}

/** A new account on the server, made Pro through the demo checkout (a Free account holds 100 cards). */
async function proLearner(base: string) {
  const signUp = await fetch(`${base}/api/user/signup`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Bench', email: 'bench@example.com', password: 'correct horse' }).toString(),
  });
  const sid = signUp.headers
    .getSetCookie()
    .find((line) => line.startsWith('sid='))
    ?.split(';')[0];
  if (!signUp.ok || !sid) throw new Error(`bench signup failed: ${signUp.status}`);
  const headers = { cookie: sid, origin: base, 'content-type': 'application/json' };
  const post = async (route: string, body: unknown) => {
    const response = await fetch(base + route, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const checkout = (await post('/api/billing/checkout', { period: 'monthly' })) as { url: string };
  const id = new URL(checkout.url, base).searchParams.get('session');
  await post('/api/billing/demo/pay', { id });
  // The success page's confirmation fulfils the purchase.
  const success = await fetch(`${base}/api/stripe/handle_payment_success`, {
    method: 'POST',
    headers: { cookie: sid, origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csId: id! }).toString(),
  });
  if (!success.ok) throw new Error(`payment success: ${success.status} ${await success.text()}`);
  return sid;
}

export async function benchAnkiImport() {
  const built = performance.now();
  const { bytes, mediaBytes } = await buildBenchPackage();
  const buildMs = performance.now() - built;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-bench-import-'));
  const server = await startServer(dataDir);
  try {
    const cookie = await proLearner(server.url);
    const before = rssMb(server.pid);
    const send = (route: string) => () =>
      fetch(`${server.url}${route}`, {
        method: 'POST',
        headers: { cookie, origin: server.url, 'content-type': 'application/octet-stream' },
        body: bytes,
      });
    // The preview reads and plans the package without replaying its history or writing anything.
    const peakReset = resetPeak(server.pid);
    const preview = await timed(server.pid, send('/api/cards/import/apkg/preview'));
    const previewPeakMb = rssMb(server.pid).peak;
    const load = os.loadavg()[0]!;
    const beforeImport = rssMb(server.pid).now;
    resetPeak(server.pid);
    const imported = await timed(server.pid, send('/api/cards/import/apkg'));
    const summary = JSON.parse(imported.text) as ApkgSummary;
    return {
      cards: CARDS,
      reviews: REVIEWS,
      media: MEDIA,
      packageMb: bytes.length / 1024 / 1024,
      mediaMb: mediaBytes / 1024 / 1024,
      buildMs,
      load,
      rssBeforeMb: before.now,
      peakBeforeMb: before.peak,
      peakReset,
      preview: { ms: preview.ms, cpu: preview.cpu, highestRssMb: preview.highestRssMb, peakMb: previewPeakMb },
      import: {
        rssBeforeMb: beforeImport,
        ms: imported.ms,
        cpu: imported.cpu,
        highestRssMb: imported.highestRssMb,
        peakMb: rssMb(server.pid).peak,
      },
      imported: { cards: summary.cards, reviews: summary.reviews, media: summary.media.kept },
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const mb = (value: number) => `${value.toFixed(0)} MB`;
const verdict = (met: boolean) => (met ? 'goal met' : 'goal NOT met');

export function printAnkiImport(result: Awaited<ReturnType<typeof benchAnkiImport>>) {
  const seconds = result.import.ms / 1000;
  console.log(
    `\nAnki package import, ${result.cards.toLocaleString('en-US')} cards, ${result.reviews.toLocaleString('en-US')} reviews, ` +
      `${result.media} media files (${mb(result.mediaMb)}), as Anki 26.x writes it (${result.packageMb.toFixed(1)} MB; built in ` +
      `${(result.buildMs / 1000).toFixed(1)} s), built server on embedded PGlite (load average ${result.load.toFixed(1)}):`,
  );
  console.log(
    `  imported ${result.imported.cards} cards, ${result.imported.reviews} reviews, ${result.imported.media} media files`,
  );
  console.log(
    `  preview (read and plan): ${(result.preview.ms / 1000).toFixed(1)} s (server CPU ${result.preview.cpu.toFixed(1)} s), server resident at most ${mb(result.preview.highestRssMb)} (VmHWM ${mb(result.preview.peakMb)})`,
  );
  console.log(
    `  import (read, replay, write): ${seconds.toFixed(1)} s (server CPU ${result.import.cpu.toFixed(1)} s); goal under ${IMPORT_GOALS.seconds} s: ${verdict(seconds < IMPORT_GOALS.seconds)}`,
  );
  console.log(
    `  server resident memory: ${mb(result.import.rssBeforeMb)} before the import, at most ${mb(result.import.highestRssMb)} during it ` +
      `(VmHWM ${mb(result.import.peakMb)}${result.peakReset ? ', the import’s own' : ''}; ${mb(result.peakBeforeMb)} peak at start-up, ` +
      `a new data folder's migrations); goal under ${IMPORT_GOALS.peakRssMb} MB peak: ${verdict(result.import.peakMb < IMPORT_GOALS.peakRssMb)}`,
  );
}
