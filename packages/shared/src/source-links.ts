import type { MessageSource } from './conversation';
import type { PassageKind } from './search';

/** Where a found passage is, as a reply's source or a search result names it. */
export interface PassageLocation {
  kind: PassageKind;
  /** The note, the chat message, the lesson or the card. */
  sourceId: string;
  /** A chat message's conversation. */
  parentId?: string;
  /** A lesson passage's start, in milliseconds. */
  startMs?: number;
  /** A note passage's order in the note. */
  position?: number;
}

/**
 * The address that opens the exact place of a passage (decisions 036 and 039): the note at its passage
 * (`/note/<id>?p=<position>`), the past chat at its message (`/chats?c=<id>&m=<message>`), the lesson at the
 * passage's moment (`/learn/<id>?t=<ms>`, which starts playing there), the card in its editor (`/cards/edit/<id>`, decision 044).
 */
export function passageHref(place: PassageLocation): string {
  const id = encodeURIComponent(place.sourceId);
  switch (place.kind) {
    case 'note':
      return `/note/${id}${place.position === undefined ? '' : `?p=${place.position}`}`;
    case 'chat':
      return place.parentId === undefined ? '/chats' : `/chats?c=${encodeURIComponent(place.parentId)}&m=${id}`;
    case 'lesson':
      return `/learn/${id}?t=${Math.max(0, Math.round(place.startMs ?? 0))}`;
    case 'card':
      return `/cards/edit/${id}`;
  }
}

/** A reply's source as a place: a note (the kind kept replies from before have), a past chat's message, a lesson, a card. */
export function sourceLocation(source: MessageSource): PassageLocation {
  return {
    kind: source.kind ?? 'note',
    sourceId: source.id,
    parentId: source.conversationId,
    startMs: source.startMs,
    position: source.position,
  };
}
