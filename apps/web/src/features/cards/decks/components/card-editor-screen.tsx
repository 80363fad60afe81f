import { ArrowLeft } from 'lucide-react';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  CARD_KIND_LABELS,
  CARD_KINDS,
  CARD_TEXT_MAX_LENGTH,
  CardContentSchema,
  cardOrdinals,
  cardSides,
  type CardKind,
  type CardNoteView,
} from '@turtle/shared/cards';
import { Button, buttonClass } from '../../../../components/ui/button';
import { PageSpinner, Spinner } from '../../../../components/ui/spinner';
import { attemptFor, type CreateAttempt } from '../../../../lib/idempotency-key';
import { queryKeys } from '../../../../lib/query/query-keys';
import { refuseInput, useServerMutation } from '../../../../lib/query/use-server-mutation';
import { useServerQuery } from '../../../../lib/query/use-server-query';
import { toast } from '../../../../lib/toast';
import { createCard } from '../api/create-card';
import { getCard } from '../api/get-card';
import { updateCard } from '../api/update-card';
import { useDecks } from '../../shared/hooks/use-decks';
import { cardsChanged } from '../../shared/lib/cards-changed';
import { CardFace } from '../../shared/components/card-face';
import { CardMeter } from '../../shared/components/card-meter';
import {
  deckChoiceOf,
  DeckPicker,
  initialDeckValue,
  NEW_DECK,
  type DeckPickerValue,
} from '../../shared/components/deck-picker';
import { cardErrorFrom, CardErrorLine, type CardError } from '../../shared/components/card-error';
import { GoneNotice } from './gone-notice';
import { NoteFields } from './note-fields';

const fieldClass =
  'w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-400 focus:ring-1 focus:ring-brand-300 focus:outline-none';

interface Form {
  kind: CardKind;
  front: string;
  back: string;
  tags: string;
  /** A kept Anki note type's fields (docs/decisions/047-anki-note-fields-and-styles.md). */
  fields?: string[];
}

function CardEditor({ card, deckParam }: { card?: CardNoteView; deckParam: string | null }) {
  const navigate = useNavigate();
  const { state: decks } = useDecks();
  const [form, setForm] = useState<Form>(() =>
    card
      ? {
          kind: card.kind,
          front: card.front,
          back: card.back,
          tags: card.tags.join(' '),
          fields: card.noteType?.fields.map((field) => field.value),
        }
      : { kind: 'basic', front: '', back: '', tags: '' },
  );
  const [chosenDeck, setDeck] = useState<DeckPickerValue | null>(null);
  // Trying the same card again (after a failure) reuses its key, so a create whose answer was lost is not doubled.
  const createAttempt = useRef<CreateAttempt<string> | undefined>(undefined);
  const deckList = decks.status === 'ready' ? decks.data.decks : null;
  const deck = chosenDeck ?? (deckList ? initialDeckValue(deckList, card?.deckId ?? deckParam) : null);
  const nextCreateKey = (payload: string) => {
    createAttempt.current = attemptFor(createAttempt.current, payload, (a, b) => a === b);
    return createAttempt.current.key;
  };
  const saving = useServerMutation(async (typed: Form) => {
    const { fields, ...content } = typed;
    const parsed = CardContentSchema.safeParse({ ...content, tags: typed.tags.split(/\s+/).filter(Boolean) });
    const choice = deck && deckChoiceOf(deck);
    if (!parsed.success) return refuseInput(parsed.error.issues[0]?.message ?? 'Check the card.');
    if (!choice) return refuseInput('Name the new deck.');
    const saved = card
      ? await updateCard(card.id, parsed.data, 'deckId' in choice ? choice.deckId : card.deckId, fields)
      : await createCard(parsed.data, choice, nextCreateKey(JSON.stringify([parsed.data, choice])));
    cardsChanged();
    toast(card ? 'Card saved.' : 'Card added.');
    await navigate(`/cards/decks/${encodeURIComponent(saved.card.deckId)}`);
  });
  // Busy from the click until the deck's page shows (a failure frees it).
  const busy = saving.busy || saving.done;
  const { failure } = saving;
  const error = useMemo<CardError | null>(() => (failure ? cardErrorFrom(failure) : null), [failure]);
  if (!deckList || !deck) return <PageSpinner />;
  const allowance = decks.status === 'ready' ? decks.data.allowance : null;
  // Its text is an Anki note type's templates rendered (docs/decisions/042-anki-note-types.md): deck and tags only.
  const textFixed = card?.fromNoteType === true;
  // Its fields are what changes, when the server sends them (decision 049).
  const noteType = card?.noteType;
  const firstOrdinal = cardOrdinals(form.kind, form.front)[0] ?? (form.kind === 'cloze' ? 1 : 0);
  const preview = cardSides({ kind: form.kind, ordinal: firstOrdinal, front: form.front, back: form.back });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    await saving.run(form);
  };

  return (
    <form onSubmit={save} className="flex flex-col gap-4" noValidate>
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/cards" className={buttonClass('ghost', 'md', '-ml-2 px-2.5')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Decks
        </Link>
        <h1 className="flex-1 text-2xl font-bold tracking-tight text-slate-900">{card ? 'Edit card' : 'New card'}</h1>
        <Button type="submit" disabled={busy}>
          {busy && <Spinner />}
          {card ? 'Save card' : 'Add card'}
        </Button>
      </div>
      {!card && <CardMeter allowance={allowance} />}
      <CardErrorLine error={error} />
      <div className="flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          Type
          <select
            value={form.kind}
            disabled={textFixed}
            onChange={(event) => setForm({ ...form, kind: event.target.value as CardKind })}
            className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
          >
            {CARD_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {CARD_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <DeckPicker decks={deckList} value={deck} onChange={setDeck} />
      </div>
      {textFixed && !noteType && (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">
          This card comes from an Anki note type, and Turtle shows it as Anki renders it: its deck and tags can change
          here, its text cannot.
        </p>
      )}
      {card && deck.deckId === NEW_DECK && (
        <p className="text-sm text-amber-800">Pick one of your decks to move a card.</p>
      )}
      {noteType && (
        <NoteFields
          noteType={noteType}
          cards={card.cards}
          values={form.fields ?? []}
          onChange={(fields) => setForm({ ...form, fields })}
          className={fieldClass}
        />
      )}
      {!noteType && (
        <>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            {form.kind === 'cloze' ? 'Text: hide words with {{c1::answer}}, {{c2::…}}' : 'Front'}
            <textarea
              rows={4}
              maxLength={CARD_TEXT_MAX_LENGTH}
              value={form.front}
              readOnly={textFixed}
              onChange={(event) => setForm({ ...form, front: event.target.value })}
              className={fieldClass}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            {form.kind === 'cloze' ? 'Extra (optional)' : 'Back'}
            <textarea
              rows={4}
              maxLength={CARD_TEXT_MAX_LENGTH}
              value={form.back}
              readOnly={textFixed}
              onChange={(event) => setForm({ ...form, back: event.target.value })}
              className={fieldClass}
            />
          </label>
        </>
      )}
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
        Tags (separated by spaces)
        <input
          value={form.tags}
          onChange={(event) => setForm({ ...form, tags: event.target.value })}
          className={`${fieldClass} h-10 py-0`}
        />
      </label>
      <p className="text-xs text-slate-500">Markdown works: **bold**, lists, `code`, links.</p>
      {form.front.trim() && !noteType && (
        <div
          aria-label="Preview"
          className="grid gap-3 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:grid-cols-2"
        >
          <CardFace markdown={preview.question} />
          <CardFace markdown={preview.answer || '_(no back)_'} className="text-slate-600" />
        </div>
      )}
    </form>
  );
}

/** /cards/new (optionally `?deck=<id>`) and /cards/edit/{id}: a card written or edited by hand. */
export function CardEditorScreen() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const card = useServerQuery({
    queryKey: queryKeys.card(id ?? ''),
    queryFn: ({ signal }) => getCard(id!, signal),
    enabled: id !== undefined,
    // The form starts from the card it is given: never from an earlier visit's copy.
    gcTime: 0,
  });
  if (id && card.isPending) return <PageSpinner />;
  if (id && card.isError) {
    return <GoneNotice what="card" />;
  }
  return <CardEditor key={id ?? 'new'} card={card.data} deckParam={params.get('deck')} />;
}
