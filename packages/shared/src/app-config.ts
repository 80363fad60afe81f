import { z } from 'zod';

/** The public subset of the server's configuration that the browser may read (`GET /api/config`). */
export const PublicConfigSchema = z.object({
  supportEmail: z.string(),
  /** The "Continue with …" provider's display name, or null when third-party sign-in is off. */
  signInProvider: z.string().nullable(),
  /** Who answers the chat: the built-in offline assistant (labelled in the UI) or a configured model. */
  assistant: z.enum(['offline', 'openai']),
  /** Who takes payments: the clearly labelled demo checkout, or Stripe. */
  payments: z.enum(['demo', 'stripe']),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
