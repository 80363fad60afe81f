import type { Plugin } from 'vite';
import { chunkFor } from './preload-app.ts';

/** Chromium's per-file compile hint (shipped in Chrome 136; other browsers read it as a comment). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts the compile hint on the first line of each chunk that holds one of `sources`: the chunks a page runs as it
 * loads (the app and the first screens). Chromium then compiles all their functions on the thread that streams the
 * file in, instead of one by one on the main thread as the first render calls them (decision 032). Chunks loaded
 * later stay lazily compiled: most of their functions never run on a visit.
 *
 * It is added once the bundle is complete: the minifier drops comments from what `renderChunk` returns, and Vite
 * puts its dependency map first in `generateBundle`, where a hint on the second line is no longer read (measured).
 * So a chunk's file name does not hash the hint; it follows from `sources` alone, and a browser holding a file with
 * the old hint runs it the same. A source in no chunk fails the build (`chunkFor`), as in the other build steps.
 */
export function compileHints(sources: string[]): Plugin {
  return {
    name: 'turtle-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of new Set(sources.map((source) => chunkFor(bundle, source)))) {
          output.code = `${COMPILE_HINT}\n${output.code}`;
          // The source map's lines move down by one: an empty first line.
          if (output.map) {
            output.map.mappings = `;${output.map.mappings}`;
            const mapAsset = bundle[`${output.fileName}.map`];
            if (mapAsset?.type === 'asset') mapAsset.source = output.map.toString();
          }
        }
      },
    },
  };
}
