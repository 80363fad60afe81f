import type { Note } from '@turtle/shared/note';

export interface NoteCacheUpdate {
  /** Ids the server no longer lists: deleted elsewhere. */
  remove: string[];
  /** Notes to add or replace. */
  upsert: Note[];
}

/**
 * rules.md "Notes": `noteMap` caches the server's list. A fresh list replaces the cache, except that a cached copy
 * with a later `lastAccessAt` wins: every save and every open moves that time forward, so the later copy is the
 * newer one (the list answer may have been read just before the note was opened).
 */
export function reconcileNoteCache(cached: Readonly<Record<string, Note>>, fresh: readonly Note[]): NoteCacheUpdate {
  const freshIds = new Set(fresh.map((note) => note.id));
  return {
    remove: Object.keys(cached).filter((id) => !freshIds.has(id)),
    upsert: fresh.filter((note) => !(cached[note.id] && cached[note.id]!.lastAccessAt > note.lastAccessAt)),
  };
}
