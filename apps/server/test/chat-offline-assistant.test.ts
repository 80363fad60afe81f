import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertNote } from '../src/core/notes/notes.repository';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// The assistant a server with no model configured answers with (no LLM_* settings at all).

const ask = (content = 'Hi', extra: Record<string, unknown> = {}) => ({
  messages: [{ role: 'user', content }],
  ...extra,
});

describe('the built-in offline assistant', () => {
  const offline = useTestServer();

  it('streams a markdown reply quoting the mentioned note, without any network', async () => {
    const db = offline.database.db;
    const user = await createUser(db, { name: 'Offline' });
    const token = await createSessionToken(db, user.id);
    const note = await insertNote(db, {
      id: randomUUID(),
      userId: user.id,
      name: 'Funds',
      content: 'Index funds hold many stocks. Bonds pay interest.',
      createdAt: 1,
      updatedAt: 1,
      lastAccessAt: 1,
    });
    const res = await call(offline.url, '/api/chat/stream', {
      json: ask('What do index funds hold?', { noteIds: [note.id] }),
      cookie: token,
    });
    const lines = res.text.split('\n\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.at(-1)).toBe('data: [DONE]');
    const text = lines
      .slice(0, -1)
      .map((line) => (JSON.parse(line.slice('data: '.length)) as { token: string }).token)
      .join('');
    expect(text).toContain('offline assistant');
    expect(text).toContain('**From your note “Funds”:**');
    expect(text).toContain('> Index funds hold many stocks.');
    // The spec's client names "gpt-4.1-mini" (product.md §7): the offline default answers it; any other name is 400.
    const spec = await call(offline.url, '/api/test/stream', {
      json: ask('Hi', { model: 'gpt-4.1-mini' }),
      cookie: token,
    });
    expect(spec.status).toBe(200);
    expect(spec.text).toContain('offline assistant');
    expect(spec.text.endsWith('data: [DONE]\n\n')).toBe(true);
    const other = await call(offline.url, '/api/test/stream', { json: ask('Hi', { model: 'gpt-5' }), cookie: token });
    expect(other.status).toBe(400);
    expect(other.data).toMatchObject({ message: 'The model "gpt-5" is not available here. Available: offline.' });
  });
});
