import { passageSpans } from '@turtle/shared/passages';

export { PASSAGE_WORDS } from '@turtle/shared/passages';

/**
 * A source's text as passages for the index (docs/decisions/036-one-index.md); `passageSpans` in the shared package
 * splits it, so the note screen finds the same passage by its position.
 */
export function splitIntoPassages(text: string): string[] {
  return passageSpans(text).map((span) => span.text);
}
