-- The full-text index without GIN's pending list (docs/decisions/048-semantic-search.md, "GIN's pending list"): new
-- entries went to an unsorted list of up to 4 MB that every word's scan read whole, until a vacuum moved them into the
-- index; PGlite never vacuums on its own (no autovacuum). Each write now updates the index itself, and the list left is moved in now
-- (the index is kept, not built again).
ALTER INDEX "passages_search_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('passages_search_idx');
