export interface Rewritten {
  text: string;
  count: number;
}
export function rewriteProse(text: string): Rewritten;
export function proseRanges(source: string, options?: { css?: boolean }): [number, number][];
export function rewriteSource(source: string, options?: { css?: boolean }): Rewritten;
export function rewriteMarkdown(source: string): Rewritten;
