import { Check, TriangleAlert, X } from 'lucide-react';
import { Link } from 'react-router';
import { CARD_KIND_LABELS, CARD_KINDS, CARD_TEXT_MAX_LENGTH, type CardKind } from '@turtle/shared/cards';
import type { CardDraft } from '@turtle/shared/cards-drafts';
import { Button } from '../../../../components/ui/button';
import { SourceChip } from '../../shared/components/source-chip';

export interface DraftEdit {
  kind: CardKind;
  front: string;
  back: string;
}

interface DraftItemProps {
  draft: CardDraft;
  edit: DraftEdit;
  index: number;
  busy: boolean;
  onEdit: (edit: DraftEdit) => void;
  onAccept: () => void;
  onReject: () => void;
}

const textareaClass =
  'w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-400 focus:ring-1 focus:ring-brand-300 focus:outline-none';

/** One draft in the tray: its type, front and back to edit, where it came from, and Accept or Reject. */
export function DraftItem({ draft, edit, index, busy, onEdit, onAccept, onReject }: DraftItemProps) {
  const label = `Draft ${index + 1}`;
  return (
    <li
      aria-label={label}
      className="flex flex-col gap-3 rounded-2xl bg-white px-4 py-4 shadow-sm ring-1 ring-slate-200 sm:px-5"
    >
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={`${draft.id}-kind`}>
          {label} type
        </label>
        <select
          id={`${draft.id}-kind`}
          value={edit.kind}
          onChange={(event) => onEdit({ ...edit, kind: event.target.value as CardKind })}
          className="h-8 rounded-lg border border-slate-300 bg-white px-2 text-xs font-medium text-slate-700"
        >
          {CARD_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {CARD_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
        {draft.source && <SourceChip source={draft.source} />}
      </div>
      {draft.duplicateOf && (
        <p className="flex items-start gap-1.5 text-sm text-amber-800">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Possible duplicate: you already have a card with this front (
            <Link to={`/cards/decks/${encodeURIComponent(draft.duplicateOf.deckId)}`} className="font-medium underline">
              see the deck
            </Link>
            ).
          </span>
        </p>
      )}
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
        {edit.kind === 'cloze' ? 'Text (hide words with {{c1::…}})' : 'Front'}
        <textarea
          aria-label={`${label} front`}
          rows={2}
          maxLength={CARD_TEXT_MAX_LENGTH}
          value={edit.front}
          onChange={(event) => onEdit({ ...edit, front: event.target.value })}
          className={textareaClass}
        />
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
        {edit.kind === 'cloze' ? 'Extra (optional)' : 'Back'}
        <textarea
          aria-label={`${label} back`}
          rows={2}
          maxLength={CARD_TEXT_MAX_LENGTH}
          value={edit.back}
          onChange={(event) => onEdit({ ...edit, back: event.target.value })}
          className={textareaClass}
        />
      </label>
      <div className="flex justify-end gap-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={onReject}
          disabled={busy}
          aria-label={`Reject ${label.toLowerCase()}`}
        >
          <X className="size-4" aria-hidden="true" />
          Reject
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={onAccept}
          disabled={busy}
          aria-label={`Accept ${label.toLowerCase()}`}
        >
          <Check className="size-4 text-brand-700" aria-hidden="true" />
          Accept
        </Button>
      </div>
    </li>
  );
}
