import { asc } from 'drizzle-orm';
import { stripCloze } from '@turtle/shared/cards-cloze';
import type { Db, DbOrTx } from '../../../db/database';
import { indexInBatches } from '../../../core/knowledge/in-batches';
import { stillWithoutPassages, withoutPassages } from '../../../core/knowledge/unindexed';
import { indexSources, removeSource, removeSourcesOf } from '../../../core/knowledge/passages.repository';
import { cardNotes } from '../cards.tables';

/** A card's title in the index and in a reply's sources: its front, on one line, cut here. */
export const CARD_TITLE_MAX = 120;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * A card side as words to find (decision 044): the cloze marks, HTML tags (an Anki card's markup) and markdown images
 * taken out, entities read, spacing folded. What a person reads on the card, not how it is written.
 */
export function cardPlainText(text: string): string {
  return (
    stripCloze(text)
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<br\s*\/?>|<\/(?:div|p|li|tr|h[1-6])>/gi, '\n')
      // Inline markup sits inside a word's spelling ("<b>in</b>dex"); any other tag separates.
      .replace(/<\/?(?:a|b|code|em|font|i|mark|s|small|span|strong|sub|sup|u)\b[^>]*>/gi, '')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
        if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      })
      .replace(/\[sound:[^\]]*\]/g, ' ')
      .replace(/[ \t\u00a0]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** The card's name where it is found: its front on one line, at most `CARD_TITLE_MAX` characters. */
export function cardTitle(front: string): string {
  const line = cardPlainText(front).replace(/\s+/g, ' ') || 'Untitled card';
  return line.length <= CARD_TITLE_MAX ? line : `${line.slice(0, CARD_TITLE_MAX - 1).trimEnd()}…`;
}

type IndexedCardNote = Pick<typeof cardNotes.$inferSelect, 'id' | 'deckId' | 'front' | 'back'>;

/**
 * Card notes (front and back) as passages of the index, in the transaction that writes them (decision 044): its deck
 * is the passage's `parent_id`, so a deck's delete and a retrieval narrowed to one deck read one index.
 */
export async function indexCardNotes(db: DbOrTx, userId: string, notes: IndexedCardNote[], now: number) {
  await indexSources(
    db,
    userId,
    'card',
    notes.map((note) => ({
      sourceId: note.id,
      parentId: note.deckId,
      title: cardTitle(note.front),
      text: [cardPlainText(note.front), cardPlainText(note.back)].filter(Boolean).join('\n\n'),
    })),
    now,
  );
}

export const removeCardNoteFromIndex = (db: DbOrTx, userId: string, noteId: string) =>
  removeSource(db, userId, 'card', noteId);

/** The passages of the cards of these decks (a deck deleted with its subdecks). */
export async function removeDecksFromIndex(db: DbOrTx, userId: string, deckIds: string[]) {
  for (const deckId of deckIds) await removeSourcesOf(db, userId, 'card', deckId);
}

const BATCH = 200;

const notIndexed = withoutPassages('card', cardNotes.id);

/**
 * Cards written before the index held them get their passages, a batch at a time, each batch locking its card notes
 * first as the notes' pass does (decision 036): an edit of the same card waits or is waited for. Returns how many
 * card notes were indexed. Safe to run in several processes at once.
 */
export function indexCardsLeftOut(db: Db, shouldStop: () => boolean = () => false): Promise<number> {
  return indexInBatches(db, shouldStop, async (tx) => {
    const batch = await tx
      .select()
      .from(cardNotes)
      .where(notIndexed)
      .orderBy(asc(cardNotes.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (batch.length === 0) return 0;
    // Locked now: read again, since another process may have indexed them before the lock was ours.
    const left = await stillWithoutPassages(
      tx,
      'card',
      cardNotes.id,
      batch.map((note) => note.id),
    );
    const byOwner = new Map<string, typeof batch>();
    for (const note of batch) {
      if (left.has(note.id)) byOwner.set(note.userId, [...(byOwner.get(note.userId) ?? []), note]);
    }
    for (const [userId, notes] of byOwner) await indexCardNotes(tx, userId, notes, Date.now());
    return batch.length;
  });
}
