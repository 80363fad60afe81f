import { z } from 'zod';

/** The public subset of the server's configuration that the browser may read (`GET /api/config`). */
export const PublicConfigSchema = z.object({
  supportEmail: z.string(),
  /** The "Continue with …" provider's display name, or null when third-party sign-in is off. */
  signInProvider: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
