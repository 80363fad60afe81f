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

  it('keeps a server feature to its own tables and core\'s (docs/architecture.md "Data")', async () => {
    const file = 'apps/server/src/features/billing/example.ts';
    const refused = async (code: string) =>
      expect(await ruleIdsFor(file, code)).toContain('import-x/no-restricted-paths');
    await refused("export { knownDevices } from '../auth/auth.tables';\n");
    await refused("export { idempotencyKeys } from '../../lib/idempotency.tables';\n");
    await refused("export { users } from '../../db/schema';\n");
    expect(await ruleIdsFor(file, "export { fulfillments } from './billing.tables';\n")).toEqual([]);
    expect(await ruleIdsFor(file, "export { users } from '../../core/identity/identity.tables';\n")).toEqual([]);
  }, 60_000);

  it("lets db/schema.ts gather the features' table modules and nothing else of a feature", async () => {
    const schema = 'apps/server/src/db/schema.ts';
    expect(await ruleIdsFor(schema, "export * from '../features/billing/billing.tables';\n")).toEqual([]);
    expect(await ruleIdsFor(schema, "export * from '../features/billing/billing.repository';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(
      await ruleIdsFor('apps/server/src/db/database.ts', "export * from '../features/billing/billing.tables';\n"),
    ).toContain('import-x/no-restricted-paths');
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
