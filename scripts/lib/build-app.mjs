// Builds the client (Vite) and the server (esbuild bundle) when their output is missing or older than the sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB = path.join(ROOT, 'apps/web');
const SERVER = path.join(ROOT, 'apps/server');
export const WEB_INDEX = path.join(WEB, 'dist/index.html');
export const SERVER_BUNDLE = path.join(SERVER, 'dist/server.js');
/**
 * The Node flags the server runs with: `npm start`'s command line (package.json, checked by npm-start.test.ts) and
 * every script that starts the built server. V8's young generation is held to 2 MB a half: with its default
 * (16 MB) 200 replies at once filled it and the server's peak memory passed 300 MB
 * (docs/decisions/031-many-streams-at-once.md).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2'];

const SHARED_INPUTS = [path.join(ROOT, 'packages/shared/src'), path.join(ROOT, 'package-lock.json')];
const WEB_INPUTS = [
  ...SHARED_INPUTS,
  path.join(WEB, 'src'),
  path.join(WEB, 'public'),
  path.join(WEB, 'index.html'),
  path.join(WEB, 'vite.config.ts'),
  path.join(WEB, 'build'),
];
const SERVER_INPUTS = [...SHARED_INPUTS, path.join(SERVER, 'src')];

/** Tests live beside the code but are not part of the build. */
const isTestFile = (name) => /\.(test|spec)\.tsx?$/.test(name);

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return isTestFile(target) ? 0 : stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function isStale(output, inputs) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return inputs.some((input) => newestMtime(input) > built);
}

function run(command, args, cwd, env = process.env) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

function buildWeb() {
  console.log('Building the web app...');
  // Always React's production build: Vite keeps a NODE_ENV it inherits, and a build started under Vitest (NODE_ENV=test,
  // as `npm-start.test.ts` does) or by `NODE_ENV=development npm start` would otherwise ship React's development build,
  // twice the size and with StrictMode's double effects (CI's end-to-end tests once ran on such a build).
  run(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], WEB, {
    ...process.env,
    NODE_ENV: 'production',
  });
}

async function buildServer() {
  console.log('Building the server...');
  const { build } = await import('esbuild');
  const manifest = JSON.parse(fs.readFileSync(path.join(SERVER, 'package.json'), 'utf8'));
  // Dependencies stay in node_modules; our own shared package is TypeScript source, so it is bundled in.
  const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@turtle/'));
  await build({
    // The optimizer's child process is an entry of its own, forked from beside the server (decision 013).
    entryPoints: {
      server: path.join(SERVER, 'src/server.ts'),
      // The embedded database's thread, started beside the server (docs/decisions/035-embedded-database-thread.md).
      'embedded-worker': path.join(SERVER, 'src/db/embedded/embedded-worker.ts'),
      'optimizer-child': path.join(SERVER, 'src/features/cards/optimizer/optimizer-child.ts'),
      // The Anki import's worker thread, started beside the server for each package (decision 034).
      'apkg-worker': path.join(SERVER, 'src/features/cards/transfer/apkg-worker.ts'),
      // The embedded voice's own program, run beside the server (docs/decisions/049-voicing-own-lessons.md).
      'espeak-child': path.join(SERVER, 'src/features/lessons/own/voicing/espeak-child.ts'),
      // The lesson MP3's encoder thread, started beside the server for each lesson (decision 049).
      'mp3-worker': path.join(SERVER, 'src/features/lessons/own/voicing/mp3-worker.ts'),
    },
    outdir: path.dirname(SERVER_BUNDLE),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    logLevel: 'warning',
  });
  writeNewDatabase();
}

/**
 * A new embedded database, made once here, beside the bundle: the built server copies it into a new data folder
 * instead of running PGlite's initdb, which peaks at some 700 MB (two WebAssembly instances and a dump of the new
 * folder between them) where a small VM has 512 MB (docs/decisions/035-embedded-database-thread.md). It records the
 * PGlite it was made with, so a server running another one makes its own.
 */
export const NEW_DATABASE = path.join(SERVER, 'dist/new-database.tar.gz');

function writeNewDatabase() {
  run(process.execPath, [path.join(ROOT, 'scripts/lib/new-database.mjs'), NEW_DATABASE], ROOT);
}

const serverIsStale = () => isStale(SERVER_BUNDLE, SERVER_INPUTS) || isStale(NEW_DATABASE, SERVER_INPUTS);

/** Whether `buildApp()` has anything to do. */
export function needsBuild() {
  return isStale(WEB_INDEX, WEB_INPUTS) || serverIsStale();
}

/** Builds what is stale (or everything with `force`). Returns what was built. */
export async function buildApp({ force = false } = {}) {
  const built = [];
  if (force || isStale(WEB_INDEX, WEB_INPUTS)) {
    buildWeb();
    built.push('web');
  }
  if (force || serverIsStale()) {
    await buildServer();
    built.push('server');
  }
  return built;
}
