import { z } from 'zod';

/** The public subset of the server's configuration that the browser may read (`GET /api/config`). */
export const PublicConfigSchema = z.object({
  supportEmail: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
