import type { AnkiNoteInput } from './anki-package';

/**
 * A collection with note types of a person's own (docs/decisions/042-anki-note-types.md): a three-field note type
 * with three templates (one card in another deck, with a review), a cloze note type with a third field, and Anki's
 * stock reversed (its second card in another deck) and cloze.
 */
export const LANGUAGES = 1_500_000_000_011;
export const RECALL = 1_500_000_000_012;
export const DECKS = { 1: 'Default', [LANGUAGES]: 'Languages', [RECALL]: 'Languages::Recall' };
export const T = Date.UTC(2026, 0, 5, 12);

export const NOTES: AnkiNoteInput[] = [
  {
    model: 'vocab',
    deck: LANGUAGES,
    fields: ['<b>perro</b>', 'dog', 'El <i>perro</i> ladra.'],
    tags: ' spanish ',
    cardDecks: { 1: RECALL },
    revlog: { 1: [[T, 3, 0, 4000]] },
  },
  // No example: Anki makes no "Use" card (its question is in a {{#Example}} section).
  { model: 'vocab', deck: LANGUAGES, fields: ['gato', 'cat', ''], ords: [0, 1] },
  {
    model: 'clozeSource',
    deck: LANGUAGES,
    fields: ['{{c1::Paris}} is in {{c2::France::country}}.', 'Capital', 'Atlas'],
  },
  { model: 'reversed', deck: LANGUAGES, fields: ['sol', 'sun'], cardDecks: { 1: RECALL } },
  { model: 'cloze', deck: LANGUAGES, fields: ['{{c1::Madrid}} is in Spain', ''] },
];
