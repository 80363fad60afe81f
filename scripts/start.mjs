// `npm start`: build if the output is missing or older than the sources, then run the server in this process.
import { pathToFileURL } from 'node:url';
import { buildApp, SERVER_BUNDLE } from './lib/build-app.mjs';

try {
  await buildApp();
} catch (error) {
  console.error(`turtle: the build failed: ${error.message}`);
  process.exit(1);
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_BUNDLE).href);
