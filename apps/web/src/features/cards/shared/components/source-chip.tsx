import { BookOpen, Headphones, Layers, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { sourceHref, type CardSource } from '@turtle/shared/cards';
import { formatClock } from '@turtle/shared/lesson-helpers';

const ICONS = { note: BookOpen, lesson: Headphones, chat: MessageSquare, card: Layers } as const;

function chipText(source: CardSource): string {
  if (source.kind === 'lesson') return `${source.label} · ${formatClock(source.ms)}`;
  if (source.kind === 'card') return source.label || 'Untitled card';
  return source.label || (source.kind === 'note' ? 'Untitled Note' : 'Chat');
}

const KIND_NAMES = { note: 'Note', lesson: 'Lesson', chat: 'Chat reply', card: 'Card' } as const;

/**
 * Where a card came from, as a chip that opens it: the note (at its passage), the lesson at that moment, the chat at
 * that reply, or the card it was drafted from (docs/decisions/050-cards-from-a-source.md).
 */
export function SourceChip({ source }: { source: CardSource }) {
  const Icon = ICONS[source.kind];
  return (
    <Link
      to={sourceHref(source)}
      title={`Open the ${KIND_NAMES[source.kind].toLowerCase()} this card came from`}
      className="inline-flex max-w-full items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-200 transition-colors hover:bg-brand-50 hover:text-brand-800 hover:ring-brand-200"
    >
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">{KIND_NAMES[source.kind]}: </span>
      <span className="truncate">{chipText(source)}</span>
    </Link>
  );
}
