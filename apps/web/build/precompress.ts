import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; fonts, audio and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|vtt|map)$/;

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every text file of the build, once, so
 * the server sends compressed bytes without compressing on each request (decision 020). A variant that would not
 * be smaller is not written; the server then sends the file as it is.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'turtle-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of listFiles(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const source = fs.readFileSync(file);
        const variants: [string, Buffer][] = [
          ['.br', zlib.brotliCompressSync(source, { params: brotliParams(source.length) })],
          ['.gz', zlib.gzipSync(source, { level: 9 })],
        ];
        for (const [extension, compressed] of variants) {
          if (compressed.length < source.length) fs.writeFileSync(file + extension, compressed);
        }
      }
    },
  };
}

function brotliParams(size: number) {
  return {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  };
}

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
