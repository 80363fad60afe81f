import type { DraftSourceRef } from './cards-drafts';
import type { PassageLocation } from './source-links';

/** The kinds of passage (search.ts's list, written here so the tray's address is read without zod). */
const PASSAGE_KINDS = ['note', 'chat', 'lesson', 'card'] as const;
type PassageKind = (typeof PASSAGE_KINDS)[number];

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
    case 'passage': {
      const at =
        (source.position === undefined ? '' : `&p=${source.position}`) +
        (source.ms === undefined ? '' : `&ms=${Math.round(source.ms)}`);
      return `/cards/drafts?from=passage&of=${source.of}&id=${encodeURIComponent(source.sourceId)}${at}`;
    }
  }
}

/**
 * "Make cards" on a found passage (a reply's source, a search result): exactly that passage, with its back-link
 * (docs/decisions/050-cards-from-a-source.md). A note named whole (a mention, no passage) drafts from the note.
 */
export function passageCardsHref(place: PassageLocation): string {
  if (place.kind === 'note' && place.position === undefined)
    return makeCardsHref({ kind: 'note', noteId: place.sourceId });
  return makeCardsHref({
    kind: 'passage',
    of: place.kind,
    sourceId: place.sourceId,
    ...(place.kind === 'note' ? { position: place.position } : {}),
    ...(place.kind === 'lesson' ? { ms: place.startMs ?? 0 } : {}),
  });
}

const wholeNumber = (value: string | null) => {
  const number = Number(value ?? Number.NaN);
  return Number.isInteger(number) && number >= 0 ? number : undefined;
};

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
    case 'passage': {
      const of = params.get('of');
      if (!of || !(PASSAGE_KINDS as readonly string[]).includes(of)) return undefined;
      const position = wholeNumber(params.get('p'));
      const ms = wholeNumber(params.get('ms'));
      return {
        kind: 'passage',
        of: of as PassageKind,
        sourceId: id,
        ...(position === undefined ? {} : { position }),
        ...(ms === undefined ? {} : { ms }),
      };
    }
    default:
      return undefined;
  }
}
