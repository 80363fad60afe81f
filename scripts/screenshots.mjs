// `npm run screenshots [-- /path ...]`: starts the built app on a free port with a throwaway database and saves
// full-page screenshots at desktop (1280) and phone (390) width in ./screenshots. `--readme` also refreshes
// docs/screenshot.png (the landing page's first screen). `--signed-in` first signs up a demo user with a few notes
// and takes the screenshots as that user; `:note` in a path stands for the id of the first note
// (`npm run screenshots -- --signed-in /notes /note/new /note/:note`). The demo user also has one chat.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp, ROOT } from './lib/build-app.mjs';
import { startBuiltServer } from './lib/built-server.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';

const args = process.argv.slice(2);
const pages = args.filter((arg) => arg.startsWith('/'));
const routes = pages.length ? pages : ['/', '/features'];
const outDir = path.join(ROOT, 'screenshots');

await buildApp();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-shots-'));
const server = await startBuiltServer(dataDir, { stdio: 'inherit' });
const base = server.url;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const demo = args.includes('--signed-in') ? await signUpDemoUser(base) : undefined;
fs.mkdirSync(outDir, { recursive: true });
try {
  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ]) {
    const page = await browser.newPage({ viewport });
    if (demo) await page.context().addCookies([{ name: 'sid', value: demo.sid, url: base }]);
    for (const route of routes) {
      await page.goto(base + route.replace(':note', demo?.noteIds[0] ?? ':note'), { waitUntil: 'networkidle' });
      const name = route === '/' ? 'home' : route.slice(1).replaceAll('/', '_').replace(':', '');
      const file = path.join(outDir, `${name}-${label}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    if (args.includes('--readme') && label === 'desktop') {
      await page.goto(base, { waitUntil: 'networkidle' });
      await page.screenshot({ path: path.join(ROOT, 'docs/screenshot.png') });
      console.log(path.join(ROOT, 'docs/screenshot.png'));
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** A demo account made through the real API, with a few notes; answers its session cookie and the notes' ids. */
async function signUpDemoUser(url) {
  const post = (path, body, sid) =>
    fetch(url + path, {
      method: 'POST',
      headers: {
        origin: url,
        ...(sid ? { cookie: `sid=${sid}` } : {}),
        'content-type': typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json',
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const signup = await post(
    '/api/user/signup',
    new URLSearchParams({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'correct horse' }).toString(),
  );
  const sid = signup.headers
    .getSetCookie()
    .find((line) => line.startsWith('sid='))
    ?.split(';')[0]
    .slice(4);
  if (!signup.ok || !sid) throw new Error(`demo signup failed: ${signup.status}`);
  const notes = [
    ['Index funds in one page', 'An index fund buys every company in an index, so one purchase spreads the risk.'],
    ['Groceries', 'Oat milk, eggs, spinach, sourdough, coffee beans'],
    ['', 'A thought without a title: compound interest is interest on the interest.'],
    ['Questions for lesson 3', 'What is an expense ratio?\nWhy do bonds fall when rates rise?'],
    ['Reading list', 'The Little Book of Common Sense Investing; A Random Walk Down Wall Street'],
  ];
  const noteIds = [];
  for (const [name, content] of notes) {
    const saved = await post('/api/note/save', { note: { name, content } }, sid);
    noteIds.unshift((await saved.json()).savedNote.id);
  }
  // A conversation for /chats: one question about a note, answered by the offline assistant (read to its end).
  const indexNote = noteIds.at(-1);
  const sent = await post(
    '/api/chat/send',
    {
      message: {
        content: 'How does an index fund spread the risk? @Index funds in one page',
        noteIds: [indexNote],
      },
    },
    sid,
  );
  await sent.text();
  return { sid, noteIds };
}
