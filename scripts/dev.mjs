// `npm run dev`: the server with reload on change (tsx watch) and Vite with hot reload, proxying /api to the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib/build-app.mjs';

const port = process.env.PORT ?? '3000';
const vitePort = process.env.VITE_PORT ?? '5173';
const env = { ...process.env, PORT: port, VITE_PORT: vitePort };

const children = [
  spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  }),
  spawn(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), '--port', vitePort], {
    cwd: path.join(ROOT, 'apps/web'),
    env,
    stdio: 'inherit',
  }),
];
console.log(`Turtle dev: open http://localhost:${vitePort} (API server on port ${port}).`);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
