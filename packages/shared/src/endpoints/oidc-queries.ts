import { z } from '../zod';

/** The popup's own nonce, which the callback's page hands back to the window that opened it. */
export const OidcStartQuerySchema = z.object({ nonce: z.string().regex(/^[\w-]{16,128}$/) });
/** The provider's answer: `state` is ours to check, the rest is the provider's (read from the URL as it is). */
export const OidcCallbackQuerySchema = z.object({ state: z.string().min(1).max(512) }).loose();
