import type { DraftSourceRef } from './cards-drafts';

/**
 * "Make cards" on a note, a chat reply or in a lesson opens the drafts tray with what to draft from in its
 * address (`/cards/drafts?from=note&id=…`); the tray drafts once, then drops the address's source.
 */
export function makeCardsHref(source: DraftSourceRef): string {
  switch (source.kind) {
    case 'note':
      return `/cards/drafts?from=note&id=${encodeURIComponent(source.noteId)}`;
    case 'chat':
      return `/cards/drafts?from=chat&id=${encodeURIComponent(source.messageId)}`;
    case 'lesson':
      return `/cards/drafts?from=lesson&id=${encodeURIComponent(source.lessonId)}${source.ms === undefined ? '' : `&ms=${Math.round(source.ms)}`}`;
  }
}

/** The source a tray address names, or undefined (the tray alone). */
export function draftSourceFromParams(params: { get(name: string): string | null }): DraftSourceRef | undefined {
  const id = params.get('id');
  if (!id) return undefined;
  switch (params.get('from')) {
    case 'note':
      return { kind: 'note', noteId: id };
    case 'chat':
      return { kind: 'chat', messageId: id };
    case 'lesson': {
      const ms = Number(params.get('ms') ?? Number.NaN);
      return Number.isInteger(ms) && ms >= 0 ? { kind: 'lesson', lessonId: id, ms } : { kind: 'lesson', lessonId: id };
    }
    default:
      return undefined;
  }
}
