import { passageSpans, type PassageSpan } from '@turtle/shared/passages';

/**
 * The passage a found source names (`?p=<position>`, decision 039) in the note's text, split as the index split it;
 * undefined for anything that is not the position of one.
 */
export function passageAt(content: string, position: string | null): PassageSpan | undefined {
  if (position === null || !/^\d{1,6}$/.test(position)) return undefined;
  return passageSpans(content)[Number(position)];
}
