import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers (docs/architecture.md): a feature may import the app's shared layers (core, lib, components,
 * providers, plugins, db, config) and packages/shared, never another feature; the shared layers never import a
 * feature. Only the composition roots (the server's app.ts, the web app's app/ routes) put features together.
 */
function featureBoundaries(appSrc, sharedLayers) {
  const featuresDir = `${appSrc}/features`;
  const features = fs.readdirSync(featuresDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return [
    ...features.map(({ name }) => ({
      target: `./${featuresDir}/${name}`,
      from: `./${featuresDir}`,
      except: [`./${name}`],
      message: 'A feature never imports another feature: move what both need to a shared layer.',
    })),
    ...sharedLayers.map((layer) => ({
      target: `./${appSrc}/${layer}`,
      from: `./${featuresDir}`,
      message: 'A shared layer never imports a feature.',
    })),
  ];
}

/**
 * Every table has one owner, and its module (`<owner>.tables.ts`) sits in the owner's folder (docs/architecture.md
 * "Data"). Code imports a table from that module; db/schema.ts only gathers them all for drizzle-kit and the database.
 * A feature imports its own tables and core's, never lib's, a provider's or another feature's (the zone above):
 * what it needs of another owner's rows goes through that owner's functions.
 */
function tableOwnership(appSrc) {
  return [
    {
      // The exception to "a shared layer never imports a feature": drizzle-kit and the engine factory read one
      // module that exports every table, so this file re-exports the features' table modules, and nothing else.
      target: `./${appSrc}/db/schema.ts`,
      from: `./${appSrc}/features/**`,
      except: ['**/*.tables.ts'],
      message: "db/schema.ts gathers the features' table modules (*.tables.ts) and imports nothing else of a feature.",
    },
    {
      target: [`./${appSrc}/*.ts`, `./${appSrc}/!(db)/**`],
      from: `./${appSrc}/db/schema.ts`,
      message:
        "Import a table from its owner's module (<owner>.tables.ts); db/schema.ts is for drizzle-kit and the database.",
    },
    {
      target: `./${appSrc}/features`,
      from: `./${appSrc}/!(core|features)/**/*.tables.ts`,
      message: "A feature uses only its own tables and core's: another owner's rows go through that owner's functions.",
    },
  ];
}

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.vitest-results/**', 'apps/server/src/db/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'apps/*/tsconfig.json', noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // All of db/ but schema.ts, which has a narrower zone of its own in tableOwnership.
            ...featureBoundaries('apps/server/src', [
              'core',
              'lib',
              'plugins',
              'providers',
              'config',
              'db/**/!(schema.ts)',
            ]),
            ...tableOwnership('apps/server/src'),
            ...featureBoundaries('apps/web/src', ['components', 'lib']),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app must never reach into the server.
      'no-restricted-imports': ['error', { patterns: ['**/apps/server/**', '@turtle/server*'] }],
    },
  },
  {
    // zod's JIT must be off before any schema is made (decision 020): shared modules take `z` from ./zod.
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['packages/shared/src/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Import { z } from './zod', which turns zod's eval-based JIT off." }] },
      ],
    },
  },
  {
    // One contract (docs/api.md "The endpoint table"): the client reaches the API through the shared table's entries
    // (api.call, apiUrl), never a path of its own. Tests may name the URLs they expect.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/^\\/api(\\/|\\?|$)/]', 'TemplateLiteral[quasis.0.value.raw=/^\\/api(\\/|\\?|$)/]'].map(
          (selector) => ({
            selector,
            message: 'Call the API through its entry in packages/shared/src/endpoints (api.call, apiUrl), not a path.',
          }),
        ),
      ],
    },
  },
  {
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
