import { z } from 'zod';

/** US dollars per million tokens a model costs: what the prompt reads and what the reply writes. */
export interface ModelPrice {
  input: number;
  output: number;
}

const PRICE = /^\d+(\.\d+)?$/;

/**
 * `MODEL_PRICES` (decision 037 "Usage and cost"): `model=input/output` pairs separated by commas, in US dollars per
 * million tokens, e.g. `gpt-4.1-mini=0.40/1.60,llama3.1:8b=0/0`. The name is everything before the last `=`, so names
 * with `:` or `/` work. A model without a price counts its tokens and shows no cost.
 */
export const ModelPricesSchema = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const prices: Record<string, ModelPrice> = {};
    for (const pair of value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)) {
      const at = pair.lastIndexOf('=');
      const [input, output, extra] = pair.slice(at + 1).split('/');
      const model = pair.slice(0, at).trim();
      if (at <= 0 || !model || extra !== undefined || !PRICE.test(input ?? '') || !PRICE.test(output ?? '')) {
        ctx.addIssue({
          code: 'custom',
          message: `must be model=input/output pairs in dollars per million tokens, separated by commas (${pair} is not one)`,
        });
        return z.NEVER;
      }
      prices[model] = { input: Number(input), output: Number(output) };
    }
    return prices;
  });

/** What `promptTokens` and `completionTokens` of `model` cost, or null when the model has no price. */
export function costUsd(
  prices: Record<string, ModelPrice>,
  model: string,
  promptTokens: number,
  completionTokens: number,
): number | null {
  const price = prices[model];
  if (!price) return null;
  return (promptTokens * price.input + completionTokens * price.output) / 1_000_000;
}
