-- The trigram fallback for scripts without word breaks (docs/decisions/044-cards-in-the-index.md): pg_trgm is in
-- PostgreSQL's contrib package (a trusted extension: the database's owner may create it) and loaded by PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "passages_text_trgm_idx" ON "passages" USING gin (("title" || ' ' || "body") gin_trgm_ops);
