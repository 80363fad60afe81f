/** The table the oidc feature owns (docs/architecture.md "Data"). */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A sign-in popup in progress: what the callback needs to finish the code flow. Used once. */
export const oidcFlows = pgTable('oidc_flows', {
  /** SHA-256 of `state`, hex. */
  id: text('id').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  /** Echoed to the opener so it can tell its own popup's answer from any other message. */
  popupNonce: text('popup_nonce').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
