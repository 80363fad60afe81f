import { z } from './zod';
import { safeText } from './text';

/**
 * Search across the learner's material (docs/api.md "Search"): one index of passages of their notes, kept current with
 * every save and delete. Kinds beyond notes join the same index as they are indexed.
 */
export const PASSAGE_KINDS = ['note'] as const;
export type PassageKind = (typeof PASSAGE_KINDS)[number];

export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_RESULTS_MAX = 20;

export const SearchQuerySchema = z.object({
  q: safeText({ error: 'Type what to search for.' })
    .trim()
    .min(1, 'Type what to search for.')
    .max(SEARCH_QUERY_MAX_LENGTH, `A search is at most ${SEARCH_QUERY_MAX_LENGTH} characters.`),
  kind: z.enum(PASSAGE_KINDS, { error: 'Search notes.' }).optional(),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** One passage found: where it is (its source and its place there) and its text with the matched words marked. */
export interface SearchResult {
  kind: PassageKind;
  /** The note's id. */
  sourceId: string;
  /** The note's title. */
  title: string;
  /** The passage's order within its source, from 0. */
  position: number;
  /** Plain text around the match (never HTML). */
  snippet: string;
  /** The matched words in `snippet`: [start, length] in UTF-16 code units, in order. */
  highlights: [number, number][];
}

export interface SearchResponse {
  results: SearchResult[];
}
