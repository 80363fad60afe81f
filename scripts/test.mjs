// `npm test`: unit, then API integration, then end-to-end in Chromium. Stops at the first failing layer and
// ends with one line "total: N passed, N failed" that CI reads.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp, ROOT } from './lib/build-app.mjs';
import { CHROMIUM_MISSING, CHROMIUM_PATH } from './lib/chromium.mjs';

const RESULTS = path.join(ROOT, '.vitest-results');
const layers = ['unit', 'integration', 'e2e'];

fs.mkdirSync(RESULTS, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };

function runLayer(name) {
  const outputFile = path.join(RESULTS, `${name}.json`);
  fs.rmSync(outputFile, { force: true });
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      name,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (fs.existsSync(outputFile)) {
    const report = JSON.parse(fs.readFileSync(outputFile, 'utf8'));
    counts.passed = report.numPassedTests;
    counts.failed = report.numFailedTests;
    counts.skipped = report.numPendingTests + report.numTodoTests;
  }
  const ok = result.status === 0 && counts.passed > 0;
  if (!ok && counts.failed === 0) counts.failed = 1; // A layer that crashed or ran nothing counts as a failure.
  for (const key of Object.keys(totals)) totals[key] += counts[key];
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${seconds} s)`);
  return ok;
}

let ok = true;
for (const layer of layers) {
  if (layer === 'e2e') {
    if (!fs.existsSync(CHROMIUM_PATH)) {
      console.error(CHROMIUM_MISSING);
      ok = false;
      totals.failed += 1;
      break;
    }
    await buildApp();
  }
  if (!runLayer(layer)) {
    ok = false;
    break;
  }
}
console.log(`total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
