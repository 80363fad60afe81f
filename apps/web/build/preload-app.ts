import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * Adds `<link rel="modulepreload">` to `index.html` for the chunk that holds `source` (a module the entry imports
 * dynamically) and every chunk it imports statically, so they download while the HTML's shell paints and the entry
 * waits for that paint before importing them (decision 026). They ask for a low priority: the first paint needs none
 * of them, so the font and the HTML go first (and Lighthouse's simulation, which counts a high-priority script that
 * arrived before the paint as blocking it, sees them as what they are).
 */
export function preloadApp(source: string): Plugin {
  return {
    name: 'turtle-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const links = staticClosure(bundle, chunkFor(bundle, source))
          .filter((file) => !html.includes(`"/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low">`);
        return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}

/** The chunk that holds `source`; the build fails when there is none (a module moved or renamed). */
export function chunkFor(bundle: OutputBundle, source: string): OutputChunk {
  const chunk = Object.values(bundle).find(
    (output): output is OutputChunk => output.type === 'chunk' && output.moduleIds.some((id) => id.endsWith(source)),
  );
  if (!chunk) throw new Error(`The build has no chunk for ${source}.`);
  return chunk;
}

/** The chunk's file and the files of every chunk it imports statically, the chunk first. */
export function staticClosure(bundle: OutputBundle, chunk: OutputChunk): string[] {
  const files: string[] = [];
  const visit = (file: string) => {
    const output = bundle[file];
    if (files.includes(file) || output?.type !== 'chunk') return;
    files.push(file);
    output.imports.forEach(visit);
  };
  visit(chunk.fileName);
  return files;
}
