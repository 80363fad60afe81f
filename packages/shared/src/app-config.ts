import { z } from './zod';

/** The public subset of the server's configuration that the browser may read (`GET /api/config`). */
export const PublicConfigSchema = z.object({
  supportEmail: z.string(),
  /** The "Continue with …" provider's display name, or null when third-party sign-in is off. */
  signInProvider: z.string().nullable(),
  /** Who answers the chat: the built-in offline assistant (labelled in the UI) or a configured model. */
  assistant: z.enum(['offline', 'openai']),
  /**
   * The models this server answers with, its default first: `LLM_MODEL`, then `LLM_MODELS`; with no model
   * configured, only the offline assistant (`OFFLINE_MODEL`). The client never names a model of its own.
   */
  models: z.array(z.string()).min(1),
  /** Who takes payments: the clearly labelled demo checkout, or Stripe. */
  payments: z.enum(['demo', 'stripe']),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

/** The built-in offline assistant's name in `models`, when no model is configured. */
export const OFFLINE_MODEL = 'offline';
