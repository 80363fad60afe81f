import { formatClock } from '@turtle/shared/lesson-helpers';
import type { PassageKind, SearchResult } from '@turtle/shared/search';

/** The groups of the search box, in this order, each with its heading. */
export const GROUPS: { kind: PassageKind; label: string }[] = [
  { kind: 'note', label: 'Notes' },
  { kind: 'lesson', label: 'Lessons' },
  { kind: 'chat', label: 'Past chats' },
  { kind: 'card', label: 'Cards' },
];

export interface ResultGroup {
  kind: PassageKind;
  label: string;
  /** Each result with its place in the flat order the arrow keys move through. */
  items: { result: SearchResult; index: number }[];
}

/** The results grouped by kind (groups in `GROUPS` order, results best first in each), numbered top to bottom. */
export function groupResults(results: SearchResult[]): ResultGroup[] {
  const groups: ResultGroup[] = [];
  let index = 0;
  for (const { kind, label } of GROUPS) {
    const of = results.filter((result) => result.kind === kind);
    if (of.length === 0) continue;
    groups.push({ kind, label, items: of.map((result) => ({ result, index: index++ })) });
  }
  return groups;
}

/** The flat order of `groupResults`. */
export const inOrder = (groups: ResultGroup[]): SearchResult[] =>
  groups.flatMap((group) => group.items.map((item) => item.result));

/** The snippet as runs of text, the matched words marked; a highlight out of range or overlapping is left out. */
export function snippetParts({ snippet, highlights }: Pick<SearchResult, 'snippet' | 'highlights'>) {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [start, length] of highlights) {
    if (start < at || length <= 0 || start + length > snippet.length) continue;
    if (start > at) parts.push({ text: snippet.slice(at, start), marked: false });
    parts.push({ text: snippet.slice(start, start + length), marked: true });
    at = start + length;
  }
  if (at < snippet.length) parts.push({ text: snippet.slice(at), marked: false });
  return parts;
}

/** A result's name: the source's title, a lesson's with the passage's moment, an untitled note's as the list says. */
export function resultTitle(result: SearchResult): string {
  const title = result.title || (result.kind === 'note' ? 'Untitled Note' : 'Untitled');
  return result.kind === 'lesson' ? `${title} ${formatClock(result.startMs ?? 0)}` : title;
}
