import type { SearchStatus, SemanticUse } from '@turtle/shared/search';
import { preparingText, SEMANTIC_UNAVAILABLE_NOTE } from '@turtle/shared/search-helpers';

/**
 * The search box's line about semantic search (docs/decisions/048-semantic-search.md): that it is unavailable (the
 * last search, or the server, says the model failed), or how far the person's passages are embedded; nothing when
 * it is off or ready.
 */
export function semanticNote(status: SearchStatus | undefined, lastSearch: SemanticUse | undefined): string | null {
  if (lastSearch === 'unavailable' || status?.semantic === 'unavailable') return SEMANTIC_UNAVAILABLE_NOTE;
  if (status?.semantic === 'preparing') return preparingText(status.embedded, status.total);
  return null;
}
