/**
 * Every table, gathered from the modules of their owners (docs/architecture.md "Data"): drizzle-kit reads this file
 * to generate migrations, and the engine factory (open-database.ts) hands it to Drizzle. Code imports a table from
 * its owner's module, never from here.
 */
export * from '../core/identity/identity.tables';
export * from '../core/identity/active-figures.tables';
export * from '../core/identity/person-figures.tables';
export * from '../core/notes/notes.tables';
export * from '../core/knowledge/knowledge.tables';
export * from '../core/audit/audit.tables';
export * from '../core/assistant/assistant.tables';
export * from '../core/assistant/usage-figures.tables';
export * from '../core/conversations/conversations.tables';
export * from '../lib/idempotency.tables';
export * from '../providers/payments/demo-checkout.tables';
export * from '../features/auth/auth.tables';
export * from '../features/oidc/oidc.tables';
export * from '../features/lessons/lessons.tables';
export * from '../features/lessons/own/own-lessons.tables';
export * from '../features/billing/billing.tables';
export * from '../features/cards/cards.tables';
export * from '../features/cards/media/card-media.tables';
