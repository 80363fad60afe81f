import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineEntryCss } from './build/inline-entry-css.ts';
import { precompress } from './build/precompress.ts';
import { preloadApp } from './build/preload-app.ts';

const serverPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineEntryCss(), preloadApp('src/app/start-app.tsx'), precompress()],
  build: {
    // The bench reads the manifest to measure what the landing page loads.
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    // Every browser the app supports has modulepreload; the polyfill would cost the entry half a kilobyte.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The app the entry starts after the first paint, with everything it imports, is one chunk (decision 026):
          // the screens import from it, as they imported from the entry before, instead of a dozen small shared
          // chunks that each cost a request and compress worse.
          groups: [
            // The chunk loader the entry itself needs stays out of it: the entry would import the whole app to get it.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 1 },
            { name: 'start-app', test: /[\\/]src[\\/]app[\\/]start-app\.tsx$/, includeDependenciesRecursively: true },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': { target: `http://127.0.0.1:${serverPort}`, changeOrigin: false } },
  },
});
