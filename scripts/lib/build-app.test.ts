import { spawnSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from './build-app.mjs';

vi.mock('node:child_process', () => ({ spawnSync: vi.fn(() => ({ status: 0 })) }));
vi.mock('esbuild', () => ({ build: vi.fn(async () => ({})) }));

describe('buildApp', () => {
  it('builds the web app for production whatever NODE_ENV it inherits (Vitest sets "test")', async () => {
    expect(process.env.NODE_ENV).toBe('test');
    expect(await buildApp({ force: true })).toEqual(['web', 'server']);
    const vite = vi.mocked(spawnSync).mock.calls.find(([, args]) => args?.some((arg) => arg.endsWith('vite.js')));
    expect(vite?.[2]?.env?.NODE_ENV).toBe('production');
    expect(process.env.NODE_ENV).toBe('test');
  });
});
