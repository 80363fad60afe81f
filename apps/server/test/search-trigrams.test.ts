import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Note } from '@turtle/shared/note';
import type { SearchResponse, SearchResult } from '@turtle/shared/search';
import { cardsClient } from './support/cards';
import { chunksOf, conversationCalls, message, tokens } from './support/conversations';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// docs/decisions/044-cards-in-the-index.md: a query in a script without word breaks (Chinese, Japanese) finds
// passages by their share of its character trigrams, which the full-text match cannot (a whole sentence is one word).
const server = useTestServer({ fakeLlm: true });
const { send } = conversationCalls(server);
let alice: string;
let bob: string;
let chinese: Note;
let japanese: Note;

const save = async (cookie: string, note: { name: string; content: string }) =>
  ((await call(server.url, '/api/note/save', { json: { note }, cookie })).data as { savedNote: Note }).savedNote;
const found = async (cookie: string, q: string, extra = ''): Promise<SearchResult[]> => {
  const res = await call(server.url, `/api/search?q=${encodeURIComponent(q)}${extra}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return (res.data as SearchResponse).results.filter((result) => result.kind !== 'lesson');
};
const marked = (result: SearchResult) =>
  result.highlights.map(([start, length]) => result.snippet.slice(start, start + length));

beforeAll(async () => {
  const db = server.database.db;
  alice = await createSessionToken(db, (await createUser(db, { name: 'Alice' })).id);
  bob = await createSessionToken(db, (await createUser(db, { name: 'Bob' })).id);
  chinese = await save(alice, { name: '语言', content: '我每天都喜欢学习中文和日语。周末我去图书馆看书。' });
  japanese = await save(alice, { name: '勉強', content: '毎日日本語を勉強しています。コーヒーを飲みながら。' });
  await save(alice, { name: 'Fees', content: 'The index fund costs 0.1% a year.' });
});
beforeEach(() => {
  server.fakeLlm.script = { tokens: tokens(3) };
});

describe('the trigram fallback', () => {
  it('finds Chinese words inside an unbroken sentence, marking them', async () => {
    const results = await found(alice, '学习中文');
    expect(results.map((result) => result.sourceId)).toEqual([chinese.id]);
    expect(marked(results[0]!)).toEqual(['学习中文']);
    expect((await found(alice, '图书馆')).map((result) => result.sourceId)).toEqual([chinese.id]);
  });

  it('finds Japanese, kana and kanji mixed, and katakana', async () => {
    const results = await found(alice, '日本語を勉強');
    expect(results.map((result) => result.sourceId)).toEqual([japanese.id]);
    expect(marked(results[0]!)).toEqual(['日本語を勉強']);
    expect((await found(alice, 'コーヒー')).map((result) => result.sourceId)).toEqual([japanese.id]);
  });

  it('finds a passage holding half the trigrams or more, not less, and ranks the closer first', async () => {
    // 中文和 and 文和日 are in the note, 和日本 is not: two of three.
    expect((await found(alice, '中文和日本')).map((result) => result.sourceId)).toEqual([chinese.id]);
    expect(await found(alice, '法国的首都')).toEqual([]);
    expect(await found(alice, 'フランス語')).toEqual([]);
    const both = await save(alice, { name: '两个', content: '学习中文' });
    const closer = await save(alice, { name: '三个', content: '学习中文和日本的文化' });
    const ranked = (await found(alice, '学习中文和日本')).map((result) => result.sourceId);
    expect(ranked.indexOf(closer.id)).toBeLessThan(ranked.indexOf(chinese.id));
    expect(ranked.indexOf(chinese.id)).toBeLessThan(Math.max(ranked.indexOf(both.id), 0) || Infinity);
  });

  it("never shows one person another person's passages", async () => {
    expect(await found(bob, '学习中文')).toEqual([]);
  });

  it('answers any query text in those scripts, and leaves the word search as it was', async () => {
    for (const q of ['学%文', '学_', '\\学', '中文 -index', '"中文', '中文 or', '🥶中文', '。']) {
      const res = await call(server.url, `/api/search?q=${encodeURIComponent(q)}`, { cookie: alice });
      expect(res.status, q).toBe(200);
    }
    expect((await found(alice, 'index fund')).map((result) => result.title)).toEqual(['Fees']);
  });

  it('finds a card in Japanese', async () => {
    const client = cardsClient(server.url, alice);
    const deck = await client.createDeck('日本語');
    const { card } = await client.createCard(deck.id, { front: '「ありがとう」の意味は？', back: 'Thank you' });
    const results = await found(alice, 'ありがとう', '&kind=card');
    expect(results.map((result) => [result.sourceId, result.title])).toEqual([[card.id, '「ありがとう」の意味は？']]);
  });

  it('the chat cites the Chinese note for a question in Chinese', async () => {
    const chunks = chunksOf(await (await send(alice, message('我喜欢学习什么语言？'))).text());
    const sources = chunks[0]!.meta!.sources;
    expect(sources[0]).toMatchObject({ id: chinese.id, name: '语言', citation: 1 });
    const prompt = server.fakeLlm.requests.at(-1)!.body.messages;
    expect(prompt[1]!.content).toContain('<passage cite="1" note="语言">\n我每天都喜欢学习中文和日语。');
  });
});
