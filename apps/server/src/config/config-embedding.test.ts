import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

// docs/decisions/048-semantic-search.md: semantic search is configured with EMBEDDING_MODEL on the chat's upstream.
describe('loadConfig embeddings', () => {
  it('has no semantic search without EMBEDDING_MODEL', () => {
    expect(loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1' }).embeddings).toBeUndefined();
  });

  it("calls the chat's upstream with its key, waiting 5 s by default", () => {
    const config = loadConfig({
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_API_KEY: 'sk-local',
      EMBEDDING_MODEL: ' nomic-embed-text ',
    });
    expect(config.embeddings).toEqual({
      model: 'nomic-embed-text',
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: 'sk-local',
      timeoutMs: 5000,
    });
    expect(
      loadConfig({ LLM_API_KEY: 'sk-x', EMBEDDING_MODEL: 'm', EMBEDDING_TIMEOUT_MS: '800' }).embeddings,
    ).toMatchObject({ baseUrl: undefined, timeoutMs: 800 });
  });

  it('refuses EMBEDDING_MODEL with no upstream, and a timeout that is not milliseconds, naming the variable', () => {
    expect(() => loadConfig({ EMBEDDING_MODEL: 'nomic-embed-text' })).toThrow(/EMBEDDING_MODEL needs .*LLM_BASE_URL/);
    expect(() => loadConfig({ LLM_API_KEY: 'sk-x', EMBEDDING_MODEL: 'm', EMBEDDING_TIMEOUT_MS: 'soon' })).toThrow(
      /EMBEDDING_TIMEOUT_MS/,
    );
  });
});
