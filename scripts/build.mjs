// `npm run build` (always rebuilds) and the build step of start, test and bench (only when stale).
import { buildApp } from './lib/build-app.mjs';

const built = await buildApp({ force: process.argv.includes('--force') });
console.log(built.length ? `Built: ${built.join(', ')}.` : 'The build is up to date.');
