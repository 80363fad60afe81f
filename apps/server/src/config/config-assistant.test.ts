import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig assistant', () => {
  it('serves only the offline assistant when no model is configured', () => {
    expect(loadConfig({}).assistant).toMatchObject({ kind: 'offline', defaultModel: 'offline', models: ['offline'] });
  });

  it('serves LLM_MODEL first, then LLM_MODELS without repeats, once an upstream is configured', () => {
    const config = loadConfig({
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODEL: 'llama3.1:8b',
      LLM_MODELS: ' qwen2.5:7b, llama3.1:8b ,,mistral',
    });
    expect(config.assistant).toMatchObject({
      kind: 'openai',
      defaultModel: 'llama3.1:8b',
      models: ['llama3.1:8b', 'qwen2.5:7b', 'mistral'],
    });
  });

  it('keeps the spec model as the default for OpenAI itself (a key alone)', () => {
    expect(loadConfig({ LLM_API_KEY: 'sk-x' }).assistant).toMatchObject({
      kind: 'openai',
      defaultModel: 'gpt-4.1-mini',
      models: ['gpt-4.1-mini'],
    });
  });
});
