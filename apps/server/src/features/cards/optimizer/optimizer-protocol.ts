// What the server and the optimizer's child process say to each other (decision 013). No native code here: the server
// process imports this file, and only the child loads fsrs-rs.
import { default_w } from 'ts-fsrs';
import { z } from 'zod';
import type { OptimizerResult } from '@turtle/shared/cards-optimizer';
import type { LoggedGrade } from './fsrs-items';

/** The log as the child receives it: ordered by card, then time. */
export interface OptimizerInput {
  grades: LoggedGrade[];
  /** The weights in use now (FSRS's defaults when the learner has none of their own). */
  current: number[];
}

export interface OptimizerOutcome {
  result: OptimizerResult;
  /** The weights to adopt (fitted on the whole log), when they did better. */
  weights: number[] | null;
}

/**
 * Faults the child makes on purpose, for the tests of what the server does when a fit goes wrong. The server sends
 * one only under NODE_ENV=test, and the child acts on it only under NODE_ENV=test too: no request can ask for one.
 */
export const TEST_FAULTS = ['abort', 'hang', 'garbage', 'bloat', 'heap'] as const;
export type TestFault = (typeof TEST_FAULTS)[number];

/** The server's one message to the child. */
export interface StartMessage {
  type: 'start';
  input: OptimizerInput;
  fault?: TestFault;
}

export type ChildMessage =
  | { type: 'progress'; phase: string; progress: number }
  | { type: 'done'; outcome: OptimizerOutcome }
  | { type: 'failed'; message: string };

// zod's numbers are finite: a NaN or an infinity in an answer makes it unreadable.
const MetricsSchema = z.object({ logLoss: z.number(), rmse: z.number() });
const ResultSchema = z.object({
  reviews: z.number().int().nonnegative(),
  testedReviews: z.number().int().nonnegative(),
  before: MetricsSchema,
  after: MetricsSchema,
  adopted: z.boolean(),
  logLossImprovementPercent: z.number(),
  rmseImprovementPercent: z.number(),
});
const ChildMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), phase: z.string().min(1).max(100), progress: z.number().min(0).max(1) }),
  z.object({
    type: z.literal('done'),
    outcome: z
      .object({ result: ResultSchema, weights: z.array(z.number()).length(default_w.length).nullable() })
      // Weights come exactly when the result says they are adopted.
      .refine((outcome) => outcome.result.adopted === (outcome.weights !== null)),
  }),
  z.object({ type: z.literal('failed'), message: z.string().min(1).max(500) }),
]);

/** A message from the child, checked field by field (unknown fields dropped); undefined when it is not one. */
export function parseChildMessage(message: unknown): ChildMessage | undefined {
  const parsed = ChildMessageSchema.safeParse(message);
  return parsed.success ? parsed.data : undefined;
}
