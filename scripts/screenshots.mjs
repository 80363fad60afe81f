// `npm run screenshots [-- /path ...]`: starts the built app on a free port with a throwaway database and saves
// full-page screenshots at desktop (1280) and phone (390) width in ./screenshots. `--readme` also refreshes
// docs/screenshot.png (the landing page's first screen).
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
fs.mkdirSync(outDir, { recursive: true });
try {
  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ]) {
    const page = await browser.newPage({ viewport });
    for (const route of routes) {
      await page.goto(base + route, { waitUntil: 'networkidle' });
      const name = route === '/' ? 'home' : route.slice(1).replaceAll('/', '_');
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
