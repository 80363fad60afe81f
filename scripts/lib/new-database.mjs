// Writes a new embedded database (PGlite's initdb, dumped gzipped) to the path given, with the PGlite version that
// made it beside it (`.json`). Run by the build as a child of its own, so initdb's peak of some 700 MB never stays in
// the build's memory (docs/decisions/035-embedded-database-thread.md).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const target = process.argv[2];
const pglite = await PGlite.create();
const dump = await pglite.dumpDataDir('gzip');
await pglite.close();
fs.writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
const pglitePackage = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
  '../package.json',
);
const { version } = JSON.parse(fs.readFileSync(pglitePackage, 'utf8'));
fs.writeFileSync(target.replace(/\.tar\.gz$/, '.json'), JSON.stringify({ pglite: version }) + '\n');
