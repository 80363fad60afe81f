import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// docs/api.md "The endpoint table": the client writes no /api path of its own (npm run lint), and the tables it imports
// hold no zod at run time (the entry and the first screens import them and must not load zod:
// docs/decisions/004-landing-bundle-budget.md, decision 030). Their schemas are named as types only;
// `<table>.schemas.ts` binds the real ones for the server.

const here = fileURLToPath(new URL('../../packages/shared/src/endpoints', import.meta.url));
const tables = [
  ...readdirSync(here).filter((name) => /^[\w-]+\.ts$/.test(name) && !/\.(schemas|test)\.ts$/.test(name)),
  ...readdirSync(`${here}/cards`)
    .filter((name) => !/\.(schemas|test)\.ts$/.test(name))
    .map((name) => `cards/${name}`),
].filter((name) => !['oidc-queries.ts', 'path-params.ts', 'input-schemas.ts'].includes(name));

/** Every module a bundle of `file` reads. */
async function modulesOf(file: string): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: [`${here}/${file}`],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'silent',
  });
  return Object.keys(metafile.inputs);
}

describe('the endpoint tables', () => {
  it('are each table of the folder, and the index', () => {
    expect(tables).toEqual(expect.arrayContaining(['index.ts', 'notes.ts', 'sessions.ts', 'cards/review.ts']));
  });

  it.each(tables)('%s loads no zod', async (file) => {
    const modules = await modulesOf(file);
    expect(modules.length).toBeGreaterThan(0);
    expect(modules.filter((path) => /zod/.test(path))).toEqual([]);
  });

  it('while a schemas file does (the check can fail)', async () => {
    expect((await modulesOf('notes.schemas.ts')).some((path) => /[\\/]zod[\\/]/.test(path))).toBe(true);
  });
});

describe('the lint', () => {
  const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });
  const ruleIdsFor = async (filePath: string, code: string) =>
    ((await eslint.lintText(code, { filePath }))[0]?.messages ?? []).map((message) => message.ruleId);

  it('refuses an /api path written in client code, as a string or a template', async () => {
    const file = 'apps/web/src/features/notes/api/example.ts';
    expect(await ruleIdsFor(file, "export const path = '/api/note/list';\n")).toContain('no-restricted-syntax');
    expect(await ruleIdsFor(file, 'export const path = (id: string) => `/api/note/get?id=${id}`;\n')).toContain(
      'no-restricted-syntax',
    );
    expect(await ruleIdsFor(file, "export const page = '/notes/apis';\n")).toEqual([]);
  }, 60_000);

  it('lets a test name the URL it expects', async () => {
    const file = 'apps/web/src/features/notes/api/example.test.ts';
    expect(await ruleIdsFor(file, "export const path = '/api/note/list';\n")).toEqual([]);
  }, 60_000);
});
