import type { Plugin } from 'vite';
import { FIRST_SCREENS_ID } from '../src/first-screen.ts';
import { chunkFor, staticClosure } from './preload-app.ts';

/**
 * Writes into `index.html` which chunks each main screen needs beyond the app chunk, as a JSON data block (not a
 * script, so the CSP has nothing to allow). The entry reads it and modulepreloads the chunks of the screen the address
 * names at once, so they download beside the app chunk instead of after it has run (decision 030). `screens` maps a
 * path (exact, or a prefix when it ends in `/`) to the source of the screen `routes.tsx` loads for it; a source that is
 * not in the bundle fails the build, so the map cannot drift from the route table unnoticed.
 */
export function firstScreens(screens: Record<string, string>): Plugin {
  return {
    name: 'turtle-first-screens',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const map = Object.fromEntries(
          Object.entries(screens).map(([path, source]) => [
            path,
            // What index.html already names (the entry, the app chunk and its imports) is loading anyway.
            staticClosure(bundle, chunkFor(bundle, source)).filter((file) => !html.includes(`"/${file}"`)),
          ]),
        );
        const block = `<script type="application/json" id="${FIRST_SCREENS_ID}">${JSON.stringify(map)}</script>`;
        return html.replace('</head>', `  ${block}\n  </head>`);
      },
    },
  };
}
