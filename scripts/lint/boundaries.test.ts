import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rules of eslint.config.js, tried on code that breaks them (linted as text, nothing written).
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('the layer boundaries the linter keeps', () => {
  it('refuses a server feature importing another feature, and allows core', async () => {
    const file = 'apps/server/src/features/chat/example.ts';
    expect(await ruleIdsFor(file, "export { notesRoutes } from '../notes/notes.routes';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIdsFor(file, "export { requireUser } from '../../core/identity/sessions';\n")).toEqual([]);
  }, 60_000);

  it('refuses a web feature importing another feature, and a shared component importing a feature', async () => {
    expect(
      await ruleIdsFor(
        'apps/web/src/features/lessons/example.ts',
        "export * from '../chat/components/chats-screen';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await ruleIdsFor(
        'apps/web/src/components/layout/example.ts',
        "export * from '../../features/notes/api/get-note';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  }, 60_000);
});
