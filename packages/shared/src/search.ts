import { z } from './zod';
import { safeText } from './text';

/**
 * Search across the learner's material (docs/api.md "Search"): one index of passages of their notes, their past chats
 * (decision 036), the lessons they can open (decision 039) and their cards (decision 044), kept current with every save
 * and delete.
 */
export const PASSAGE_KINDS = ['note', 'chat', 'lesson', 'card'] as const;
export type PassageKind = (typeof PASSAGE_KINDS)[number];

export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_RESULTS_MAX = 20;

export const SearchQuerySchema = z.object({
  q: safeText({ error: 'Type what to search for.' })
    .trim()
    .min(1, 'Type what to search for.')
    .max(SEARCH_QUERY_MAX_LENGTH, `A search is at most ${SEARCH_QUERY_MAX_LENGTH} characters.`),
  kind: z.enum(PASSAGE_KINDS, { error: 'Search notes, past chats, lessons or cards.' }).optional(),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/**
 * What the chat's answer is read from (decision 044): everything by default (no scope), or only the notes, the
 * lessons, the cards, or the cards of one deck with its subdecks. A mentioned note still means that note alone.
 */
export const RetrievalScopeSchema = z.union([
  z.object({ kind: z.enum(['note', 'lesson', 'card']) }),
  z.object({ kind: z.literal('deck'), deckId: z.string().min(1).max(100) }),
]);
export type RetrievalScope = z.infer<typeof RetrievalScopeSchema>;

/** One passage found: where it is (its source and its place there) and its text with the matched words marked. */
export interface SearchResult {
  kind: PassageKind;
  /** The note's id, the chat message's id, the lesson's id or the card's (its card note's). */
  sourceId: string;
  /** The note's title, the past chat's title, the lesson's title or the card's front. */
  title: string;
  /** A chat message's conversation; a card's deck. */
  parentId?: string;
  /** A lesson passage's start in the audio, in milliseconds. */
  startMs?: number;
  /** The passage's order within its source, from 0. */
  position: number;
  /** Plain text around the match (never HTML). */
  snippet: string;
  /** The matched words in `snippet`: [start, length] in UTF-16 code units, in order. */
  highlights: [number, number][];
}

/**
 * Whether a search read the passages' vectors besides their words (docs/decisions/048-semantic-search.md): `on`,
 * `off` (no embedding model, or a database without pgvector) or `unavailable` (the model failed: keyword results,
 * and the learner is told).
 */
export type SemanticUse = 'on' | 'off' | 'unavailable';

export interface SearchResponse {
  results: SearchResult[];
  semantic: SemanticUse;
}

/**
 * Semantic search as the learner is shown it: `preparing` while their passages are being embedded, with how many of
 * their passages have their vector (`unavailable` too: what was done stays done).
 */
export type SearchStatus =
  { semantic: 'off' | 'ready' } | { semantic: 'preparing' | 'unavailable'; embedded: number; total: number };
