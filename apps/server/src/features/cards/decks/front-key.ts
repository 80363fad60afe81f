import { stripCloze } from '@turtle/shared/cards-cloze';

/**
 * The front folded for the duplicate check: cloze marks, markdown punctuation, case and spacing do not make two
 * cards different ("What is **risk**?" and "what is risk" are the same question).
 */
export function frontKey(front: string): string {
  return stripCloze(front)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[*_`~#>[\]()!]/g, ' ')
    .replace(/[\s.,;:?]+/g, ' ')
    .trim()
    .slice(0, 500);
}
