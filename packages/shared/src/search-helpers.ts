/*
 * Plain values of search for the screens (no zod: decision 030), docs/decisions/048-semantic-search.md.
 */

/** Shown in the search box and under a reply when the embedding model failed and keyword matches stand alone. */
export const SEMANTIC_UNAVAILABLE_NOTE = 'Semantic search is unavailable right now: showing keyword matches.';

/** The learner's view of the background embedding: "Preparing semantic search: 1,200 of 4,000 passages". */
export function preparingText(embedded: number, total: number): string {
  const count = (value: number) => value.toLocaleString('en-US');
  return `Preparing semantic search: ${count(embedded)} of ${count(total)} ${total === 1 ? 'passage' : 'passages'}`;
}
