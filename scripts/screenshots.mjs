// `npm run screenshots [-- /path ...]`: starts the built app on a free port with a throwaway database and saves
// full-page screenshots at desktop (1280) and phone (390) width in ./screenshots. `--readme` also refreshes
// docs/screenshot.png (the landing page's first screen).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp, ROOT, SERVER_BUNDLE } from './lib/build-app.mjs';

const args = process.argv.slice(2);
const pages = args.filter((arg) => arg.startsWith('/'));
const routes = pages.length ? pages : ['/', '/features'];
const outDir = path.join(ROOT, 'screenshots');
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
await buildApp();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-shots-'));
const server = spawn(process.execPath, [SERVER_BUNDLE], {
  env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
const base = `http://127.0.0.1:${port}`;
for (;;) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    // Not up yet.
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
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
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
