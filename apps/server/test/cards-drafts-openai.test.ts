import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GenerateDraftsResponse } from '@turtle/shared/cards-drafts';
import { cardDrafts } from '../src/db/schema';
import { insertNote } from '../src/core/notes/notes.repository';
import { DraftingError } from '../src/providers/llm/card-drafter';
import { createOpenAiCardDrafter } from '../src/providers/llm/openai-card-drafter';
import { cardsClient } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { LOCAL_MODEL, startFakeJsonLlm, type FakeJsonLlm } from './support/fake-llm-json';
import { startTestServer, type TestServer } from './support/test-server';

let fake: FakeJsonLlm;
let server: TestServer;

const NOTE = 'Index funds hold every stock of an index. Their fees are low. Diversification lowers risk.';
const GOOD = JSON.stringify({
  cards: [
    { kind: 'basic', front: 'What does an index fund hold?', back: 'Every stock of an index.', passage: 1 },
    { kind: 'cloze', front: 'Diversification lowers {{c1::risk}}.', back: '', passage: null },
  ],
});

beforeAll(async () => {
  fake = await startFakeJsonLlm();
  server = await startTestServer({ env: { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: LOCAL_MODEL } });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});
beforeEach(() => {
  fake.answers = [];
  fake.requests = [];
});

async function personWithNote() {
  const db = server.database.db;
  const user = await createUser(db);
  const now = Date.now();
  const note = await insertNote(db, {
    id: crypto.randomUUID(),
    userId: user.id,
    name: 'Funds',
    content: NOTE,
    createdAt: now,
    updatedAt: now,
    lastAccessAt: now,
  });
  return { user, note, client: cardsClient(server.url, await createSessionToken(db, user.id)) };
}

const drafts = async (userId: string) =>
  (await server.database.db.select({ total: count() }).from(cardDrafts).where(eq(cardDrafts.userId, userId)))[0]!.total;

describe('drafting cards with an OpenAI-compatible model', () => {
  it('asks the configured model for structured JSON and turns its answer into drafts, counting one reply', async () => {
    const { note, client } = await personWithNote();
    fake.answers = [{ content: GOOD }];
    const res = await client.call('/api/cards/drafts/generate', { source: { kind: 'note', noteId: note.id } });
    expect(res.status, res.text).toBe(200);
    const body = res.data as GenerateDraftsResponse;
    expect(body.added).toBe(2);
    expect(body.drafts.map((draft) => [draft.kind, draft.front])).toEqual([
      ['basic', 'What does an index fund hold?'],
      ['cloze', 'Diversification lowers {{c1::risk}}.'],
    ]);
    expect(body.drafts[0]!.source).toEqual({ kind: 'note', noteId: note.id, label: 'Funds' });
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.model).toBe(LOCAL_MODEL);
    expect(request.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'flashcards', strict: true },
    });
    expect(request.messages[1]!.content).toContain('<source>\n[1] Index funds hold every stock');
    expect(await client.repliesUsed()).toBe(1);
  });

  it('repairs once: bad JSON, then a good answer after the model is shown the problem', async () => {
    const { note, client } = await personWithNote();
    fake.answers = [{ content: 'Sure! Here are your cards: {"cards": [' }, { content: GOOD }];
    const res = await client.call('/api/cards/drafts/generate', { source: { kind: 'note', noteId: note.id } });
    expect(res.status).toBe(200);
    expect(fake.requests).toHaveLength(2);
    const repair = fake.requests[1]!.messages;
    expect(repair.at(-2)).toEqual({ role: 'assistant', content: 'Sure! Here are your cards: {"cards": [' });
    expect(repair.at(-1)!.content).toContain('The answer was not valid JSON.');
    expect(await client.repliesUsed()).toBe(1);
  });

  it('a model that returns no valid JSON after the retry: a clear message, nothing saved, the reply refunded', async () => {
    const { user, note, client } = await personWithNote();
    fake.answers = [{ content: '{"cards": "none"}' }, { content: 'still not json' }];
    const res = await client.call('/api/cards/drafts/generate', { source: { kind: 'note', noteId: note.id } });
    expect(res.status).toBe(502);
    expect(res.data).toEqual({
      code: 'unavailable',
      message: 'The assistant did not return usable cards. Nothing was saved. Please try again.',
    });
    expect(fake.requests).toHaveLength(2);
    expect(await drafts(user.id)).toBe(0);
    expect(await client.repliesUsed()).toBe(0);
  });

  it('an upstream error is a clear message and a refund, never the upstream body', async () => {
    const { note, client } = await personWithNote();
    fake.answers = [{ status: 500 }];
    const res = await client.call('/api/cards/drafts/generate', { source: { kind: 'note', noteId: note.id } });
    expect(res.status).toBe(502);
    expect((res.data as { message: string }).message).toBe(
      "The assistant's service answered with an error (500). Please try again.",
    );
    expect(res.text).not.toContain('fake failure');
    expect(await client.repliesUsed()).toBe(0);
  });

  it('the fake serves only the local model: another name is a 404, which the drafter reports', async () => {
    const drafter = createOpenAiCardDrafter({ baseUrl: fake.baseUrl, apiKey: undefined, model: 'gpt-4.1-mini' });
    const error = await drafter
      .draft({ source: { kind: 'note', title: 'x', passages: [{ text: NOTE }] }, signal: new AbortController().signal })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DraftingError);
    expect((error as Error).message).toContain('(404)');
  });

  it('gives up after its timeout, and a closed request aborts the upstream call', async () => {
    fake.answers = [{ hang: true }];
    const drafter = createOpenAiCardDrafter({
      baseUrl: fake.baseUrl,
      apiKey: undefined,
      model: LOCAL_MODEL,
      timeoutMs: 300,
    });
    const source = { kind: 'note' as const, title: 'x', passages: [{ text: NOTE }] };
    const started = Date.now();
    const error = await drafter
      .draft({ source, signal: new AbortController().signal })
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('The assistant took too long to draft cards. Please try again.');
    expect(Date.now() - started).toBeLessThan(5_000);

    const controller = new AbortController();
    const pending = drafter.draft({ source, signal: controller.signal }).catch((caught: unknown) => caught);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const abortedBefore = fake.aborted;
    controller.abort();
    const aborted = await pending;
    expect(aborted).not.toBeInstanceOf(DraftingError);
    await expect.poll(() => fake.aborted).toBeGreaterThan(abortedBefore);
  });

  it('lesson cards point at the moment of the passage the model named', async () => {
    const { client } = await personWithNote();
    fake.answers = [
      {
        content: JSON.stringify({
          cards: [{ kind: 'basic', front: 'What grows money?', back: 'Compounding', passage: 3 }],
        }),
      },
    ];
    const res = await client.call('/api/cards/drafts/generate', { source: { kind: 'lesson', lessonId: '1' } });
    expect(res.status, res.text).toBe(200);
    const [draft] = (res.data as GenerateDraftsResponse).drafts;
    const transcript = (await client.call('/api/lessons/1')).data as { lesson: { transcript: { startMs: number }[] } };
    expect(draft!.source).toMatchObject({
      kind: 'lesson',
      lessonId: '1',
      ms: transcript.lesson.transcript[2]!.startMs,
    });
  });
});
