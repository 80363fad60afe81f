import { describe, expect, it } from 'vitest';
import { costUsd, ModelPricesSchema } from './model-prices';

describe('MODEL_PRICES', () => {
  it('reads model=input/output pairs, names with : and / included', () => {
    expect(ModelPricesSchema.parse('gpt-4.1-mini=0.40/1.60, llama3.1:8b=0/0,meta/llama-3=1/2')).toEqual({
      'gpt-4.1-mini': { input: 0.4, output: 1.6 },
      'llama3.1:8b': { input: 0, output: 0 },
      'meta/llama-3': { input: 1, output: 2 },
    });
    expect(ModelPricesSchema.parse(undefined)).toEqual({});
  });

  it.each(['gpt=1', 'gpt=a/b', '=1/2', 'gpt=1/2/3', 'gpt=-1/2'])(
    'refuses %s with a message that says the format',
    (bad) => {
      const result = ModelPricesSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toContain('model=input/output pairs in dollars per million tokens');
    },
  );

  it('prices tokens per million, and says null for a model without a price', () => {
    const prices = ModelPricesSchema.parse('m=2/8');
    expect(costUsd(prices, 'm', 500_000, 250_000)).toBeCloseTo(3);
    expect(costUsd(prices, 'other', 1, 1)).toBeNull();
  });
});
