import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compileHints } from './build/compile-hints.ts';
import { firstScreens } from './build/first-screens.ts';
import { inlineEntryCss } from './build/inline-entry-css.ts';
import { marketingModules } from './build/marketing-modules.ts';
import { precompress } from './build/precompress.ts';
import { preloadApp } from './build/preload-app.ts';

const serverPort = Number(process.env.PORT ?? 3000);
const APP = 'src/app/start-app.tsx';
/** The signed-in product's main screens (routes.tsx): opened at their address, their chunks load with the app's. */
const FIRST_SCREENS = {
  '/chats': 'src/features/chat/components/chats-screen.tsx',
  '/learn/': 'src/features/lessons/components/lesson-player-screen.tsx',
  '/notes': 'src/features/notes/components/notes-screen.tsx',
  '/cards': 'src/features/cards/cards-screen.tsx',
};
const LANDING_PAGE = 'src/features/marketing/landing-page.tsx';

const SHARED_BY_SCREENS = /[\\/](lucide-react|src[\\/]components|src[\\/]lib)[\\/]/;
const neededByMarketing = marketingModules();

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    inlineEntryCss(),
    preloadApp(APP),
    firstScreens(FIRST_SCREENS),
    compileHints([APP, LANDING_PAGE, ...Object.values(FIRST_SCREENS)]),
    precompress(),
  ],
  build: {
    // The bench reads the manifest to measure what the landing page loads.
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    // Every browser the app supports has modulepreload; the polyfill would cost the entry half a kilobyte.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // A zod schema is built by calls on `z` with no other effect, so some unused ones are dropped (about 0.6 KB
      // today). Schemas with chained refinements are kept, so a screen that must not load zod imports a module
      // without schemas (`shared/lesson-helpers.ts`; decision 030).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          // The app the entry starts after the first paint, with everything it imports, is one chunk (decision 026):
          // the screens import from it, as they imported from the entry before, instead of a dozen small shared
          // chunks that each cost a request and compress worse.
          groups: [
            // The chunk loader the entry itself needs stays out of it: the entry would import the whole app to get it.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 4 },
            {
              name: 'start-app',
              test: /[\\/]src[\\/]app[\\/]start-app\.tsx$/,
              includeDependenciesRecursively: true,
              priority: 3,
            },
            // What two or more screens share beyond the app (the query client, zod, dialogs, the icons: lucide makes a
            // module of each) is one chunk: over HTTP/1.1's six connections, the chat screen's forty small chunks
            // queued behind each other for a round trip each. What the marketing pages use of it is a small chunk of its
            // own, first, so the landing page never loads the signed-in screens' libraries (decision 004).
            {
              debugName: 'marketing-shared',
              name: (id, ctx) =>
                neededByMarketing(id, (moduleId) => ctx.getModuleInfo(moduleId)) ? 'marketing-shared' : null,
              test: SHARED_BY_SCREENS,
              minShareCount: 2,
              priority: 2,
            },
            { name: 'screens-shared', test: SHARED_BY_SCREENS, minShareCount: 2, priority: 1 },
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
