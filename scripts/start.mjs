// `npm start`: build if the output is missing or older than the sources, then run the server in this process.
// package.json runs this with `exec`, so npm's only child is this process and the signals npm forwards (a
// supervisor's SIGTERM) reach the server. The build runs in a child of its own that exits: esbuild and Vite never
// stay in the server's memory.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { needsBuild, ROOT, SERVER_BUNDLE } from './lib/build-app.mjs';

if (needsBuild()) {
  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('turtle: the build failed (see above); fix it, then run npm start again.');
    process.exit(1);
  }
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_BUNDLE).href);
