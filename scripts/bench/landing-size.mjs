// The JavaScript a visitor's browser loads for the landing page, gzip-compressed, from Vite's build manifest:
// the entry chunk, the app it starts, the landing page's chunk, and every chunk they import statically.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT } from '../lib/build-app.mjs';

const DIST = path.join(ROOT, 'apps/web/dist');
const LANDING_SOURCE = 'src/features/marketing/landing-page.tsx';
export const LANDING_JS_GOAL_BYTES = 120 * 1024;

export function measureLandingJs() {
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  // The entry imports the app after the first paint (decision 026): its one dynamic import, which every page loads.
  for (const key of manifest['index.html'].dynamicImports ?? []) visit(key);
  visit(LANDING_SOURCE);
  const sizes = [...files].map((file) => {
    const bytes = fs.readFileSync(path.join(DIST, file));
    return { file, raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
  });
  const gzip = sizes.reduce((sum, entry) => sum + entry.gzip, 0);
  return { sizes, gzip, goal: LANDING_JS_GOAL_BYTES };
}
