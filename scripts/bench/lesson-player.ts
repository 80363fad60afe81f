// The lesson player in Chromium against the built app: how long from clicking Play until the audio runs (the first,
// cold play fetches the audio; warm plays after a pause and a seek), and how far the highlighted sentence drifts
// from the audio clock over a whole lesson played at 2x (one animation frame is 33 ms of audio at that speed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startBuiltServer } from '../lib/built-server.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.mjs';

const WARM_PLAYS = 8;
const DRIFT_RATE = 2;
/** rules.md "Lessons": the highlight follows the voice within this much. */
export const DRIFT_GOAL_MS = 50;

interface PlayTiming {
  /** Click to the `playing` event. */
  playingMs: number;
  /** Click to the first frame on which `currentTime` has moved. */
  runningMs: number;
}

interface DriftSample {
  index: number;
  /** Audio time when the highlight moved, minus the sentence's start: > 0 late, < 0 early (media ms). */
  lagMs: number;
}

async function signUp(base: string): Promise<string> {
  const response = await fetch(`${base}/api/user/signup`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Bench', email: 'bench@example.com', password: 'correct horse' }).toString(),
  });
  const sid = response.headers
    .getSetCookie()
    .find((line) => line.startsWith('sid='))
    ?.split(';')[0]!
    .slice(4);
  if (!response.ok || !sid) throw new Error(`bench signup failed: ${response.status}`);
  return sid;
}

/** Clicks Play (a real click: a user gesture) and times the audio starting, in the page's own clock. */
async function timePlay(page: Page): Promise<PlayTiming> {
  const timing = page.evaluate(
    () =>
      new Promise<PlayTiming>((resolve) => {
        const audio = document.querySelector('audio')!;
        let clickedAt = 0;
        let playingAt = 0;
        const start = audio.currentTime;
        document.addEventListener('click', (event) => (clickedAt = event.timeStamp), { capture: true, once: true });
        audio.addEventListener('playing', (event) => (playingAt = event.timeStamp), { once: true });
        const watch = () => {
          if (clickedAt && playingAt && audio.currentTime !== start) {
            resolve({ playingMs: playingAt - clickedAt, runningMs: performance.now() - clickedAt });
          } else requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
      }),
  );
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  return timing;
}

/** Plays the whole lesson at `rate` and records, for each highlight change, the audio clock against its sentence. */
async function measureDrift(page: Page, rate: number): Promise<{ samples: DriftSample[]; sentences: number }> {
  await page.getByLabel('Playback speed').selectOption(String(rate));
  await page.evaluate(() => {
    const audio = document.querySelector('audio')!;
    audio.currentTime = 0;
  });
  await page.waitForFunction(() => document.querySelector('audio')!.currentTime === 0);
  const recording = page.evaluate(
    () =>
      new Promise<{ samples: DriftSample[]; sentences: number }>((resolve) => {
        const audio = document.querySelector('audio')!;
        const samples: DriftSample[] = [];
        const transcript = document.querySelector('[aria-label="Transcript"]')!;
        const observer = new MutationObserver((mutations) => {
          const now = audio.currentTime * 1000;
          for (const mutation of mutations) {
            const element = mutation.target as HTMLElement;
            if (element.getAttribute('aria-current') !== 'true') continue;
            samples.push({ index: Number(element.dataset.index), lagMs: now - Number(element.dataset.startMs) });
          }
        });
        observer.observe(transcript, { attributes: true, attributeFilter: ['aria-current'], subtree: true });
        audio.addEventListener(
          'ended',
          () => {
            observer.disconnect();
            resolve({ samples, sentences: transcript.querySelectorAll('[data-index]').length });
          },
          { once: true },
        );
      }),
  );
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  return recording;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchLessonPlayer(lessonId = '1') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-bench-lesson-'));
  const server = await startBuiltServer(dataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const sid = await signUp(server.url);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: 'sid', value: sid, url: server.url }]);
    // tsx compiles with esbuild's keepNames, which wraps the page functions below in a `__name` helper the page lacks.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await context.newPage();
    await page.goto(`${server.url}/learn/${lessonId}`);
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();

    const cold = await timePlay(page);
    const warm: PlayTiming[] = [];
    for (let run = 0; run < WARM_PLAYS; run += 1) {
      await page.getByRole('button', { name: 'Pause', exact: true }).click();
      await page.locator(`[data-index="${run * 3 + 1}"]`).click();
      await page.waitForFunction(() => !document.querySelector('audio')!.seeking);
      warm.push(await timePlay(page));
    }
    await page.getByRole('button', { name: 'Pause', exact: true }).click();

    const started = performance.now();
    const { samples, sentences } = await measureDrift(page, DRIFT_RATE);
    const lags = samples.map((sample) => sample.lagMs);
    return {
      lessonId,
      cold,
      warm: {
        runs: warm.length,
        playingMs: median(warm.map((run) => run.playingMs)),
        runningMs: median(warm.map((run) => run.runningMs)),
        worstRunningMs: Math.max(...warm.map((run) => run.runningMs)),
      },
      drift: {
        rate: DRIFT_RATE,
        playedSeconds: (performance.now() - started) / 1000,
        highlighted: new Set(samples.map((sample) => sample.index)).size,
        sentences,
        /** The largest gap either way, in audio time (divide by the rate for real time). */
        worstMs: Math.max(...lags.map(Math.abs)),
        worstLateMs: Math.max(0, ...lags),
        worstEarlyMs: Math.max(0, ...lags.map((lag) => -lag)),
        medianMs: median(lags),
        samples,
        goalMs: DRIFT_GOAL_MS,
      },
    };
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
