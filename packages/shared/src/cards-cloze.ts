/**
 * Cloze deletions as Anki writes them: `{{c1::answer}}` or `{{c1::answer::hint}}`. Each cloze number is one card;
 * several deletions may share a number and are then hidden together. Plain functions, used by the server (which
 * cards a note makes) and the client (what each side shows).
 */

/** A note makes at most this many cloze cards (c1 to c50). */
export const CLOZE_MAX_NUMBER = 50;

const CLOZE = /\{\{c(\d+)::([\s\S]*?)(?:::([^{}]*?))?\}\}/g;

/** The cloze numbers in `text`, ascending and without repeats (numbers past the maximum are ignored). */
export function clozeNumbers(text: string): number[] {
  const found = new Set<number>();
  for (const match of text.matchAll(CLOZE)) {
    const number = Number(match[1]);
    if (number >= 1 && number <= CLOZE_MAX_NUMBER) found.add(number);
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * One side of cloze card `number`, as markdown. The question hides that number's deletions as `[…]` (or
 * `[hint]`) and shows the others as plain text; the answer shows the hidden text in bold.
 */
export function renderCloze(text: string, number: number, side: 'question' | 'answer'): string {
  return text.replace(CLOZE, (_whole, n: string, answer: string, hint: string | undefined) => {
    if (Number(n) !== number) return answer;
    if (side === 'question') return hint?.trim() ? `[${hint.trim()}]` : '[…]';
    const shown = answer.trim();
    return shown ? `**${shown}**` : '';
  });
}

/** The card text with the cloze markup taken out (what a person reads; also the duplicate check's key). */
export function stripCloze(text: string): string {
  return text.replace(CLOZE, (_whole, _n: string, answer: string) => answer);
}
