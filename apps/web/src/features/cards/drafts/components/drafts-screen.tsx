import { ArrowLeft, CheckCheck, Trash2 } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CardContentSchema } from '@turtle/shared/cards';
import { draftSourceFromParams } from '@turtle/shared/cards-links';
import { Button, buttonClass } from '../../../../components/ui/button';
import { PageSpinner, Spinner } from '../../../../components/ui/spinner';
import { ApiError } from '../../../../lib/api-client';
import { refuseInput, useServerMutation } from '../../../../lib/query/use-server-mutation';
import { toast } from '../../../../lib/toast';
import { acceptDrafts } from '../api/accept-drafts';
import { rejectDrafts } from '../api/reject-drafts';
import { useDecks } from '../../shared/hooks/use-decks';
import { useDrafts } from '../hooks/use-drafts';
import { cardsChanged } from '../../shared/lib/cards-changed';
import { CardMeter } from '../../shared/components/card-meter';
import { deckChoiceOf, DeckPicker, initialDeckValue, type DeckPickerValue } from '../../shared/components/deck-picker';
import { DraftItem, type DraftEdit } from './draft-item';

const SOURCE_NAMES = { note: 'your note', chat: 'the chat reply', lesson: 'the lesson' } as const;
/** A found passage (docs/decisions/050-cards-from-a-source.md), named by what holds it. */
const PASSAGE_NAMES = { note: 'your note', chat: 'the past chat', lesson: 'the lesson', card: 'your card' } as const;

/**
 * /cards/drafts: the review tray. "Make cards" opens it with a source; the assistant drafts, and the learner accepts
 * (possibly edited), edits or rejects each draft and picks the deck. The meter and the upgrade link are here too.
 */
export function DraftsScreen() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const source = useMemo(() => draftSourceFromParams(new URLSearchParams(search)), [search]);
  const [pendingSource] = useState(source);
  const dropSource = useCallback(() => setParams({}, { replace: true }), [setParams]);
  const tray = useDrafts(source, dropSource);
  const { state: decks } = useDecks();
  const [chosenDeck, setDeck] = useState<DeckPickerValue | null>(null);
  const [edits, setEdits] = useState<Record<string, DraftEdit>>({});
  // Accepting or rejecting drafts: one at a time, and the error line shows the last one's failure.
  const acting = useServerMutation((action: () => Promise<void>) => action());
  const { busy, failure } = acting;
  const limitHit = failure instanceof ApiError && failure.code === 'cardLimitReached' ? failure.message : null;
  const error = (limitHit ? null : acting.error) ?? tray.error;

  const deckList = decks.status === 'ready' ? decks.data.decks : null;
  const deck = chosenDeck ?? (deckList ? initialDeckValue(deckList) : null);

  const editOf = (id: string): DraftEdit => {
    const draft = tray.drafts.find((item) => item.id === id)!;
    return edits[id] ?? { kind: draft.kind, front: draft.front, back: draft.back };
  };

  const accept = (ids: string[]) =>
    acting.run(async () => {
      const choice = deck && deckChoiceOf(deck);
      if (!choice) refuseInput('Name the new deck first.');
      const items = ids.map((id) => ({ id, ...editOf(id), tags: [] as string[] }));
      for (const [index, item] of items.entries()) {
        const parsed = CardContentSchema.safeParse(item);
        if (!parsed.success) {
          refuseInput(
            `${ids.length > 1 ? `Draft ${tray.drafts.findIndex((d) => d.id === ids[index]) + 1}: ` : ''}${parsed.error.issues[0]?.message}`,
          );
        }
      }
      const result = await acceptDrafts(choice, items);
      tray.remove(ids);
      tray.setAllowance(result.allowance);
      tray.forgetDraftingError();
      cardsChanged();
      toast(`${ids.length === 1 ? 'Card' : `${ids.length} cards`} added.`);
      if (deck?.deckId === '__new__') {
        setDeck({ deckId: result.deckId, newName: '' });
      }
    });

  const reject = (ids: string[]) =>
    acting.run(async () => {
      await rejectDrafts(ids);
      tray.remove(ids);
      cardsChanged();
    });

  const ids = tray.drafts.map((draft) => draft.id);
  return (
    <section aria-labelledby="drafts-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/cards" className={buttonClass('ghost', 'md', '-ml-2 px-2.5')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Decks
        </Link>
        <h1 id="drafts-title" className="flex-1 text-2xl font-bold tracking-tight text-slate-900">
          Drafts
        </h1>
      </div>
      <CardMeter allowance={tray.allowance} />

      {limitHit && (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          {limitHit}{' '}
          <Link to="/pricing" className="font-semibold underline">
            See Pro
          </Link>
        </p>
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {error}
        </p>
      )}

      {tray.status === 'drafting' ? (
        <div role="status" className="flex flex-col items-center gap-3 py-16 text-slate-700">
          <Spinner className="size-6 text-brand-700" />
          Drafting cards from{' '}
          {pendingSource
            ? pendingSource.kind === 'passage'
              ? PASSAGE_NAMES[pendingSource.of]
              : SOURCE_NAMES[pendingSource.kind]
            : 'your source'}
          …
        </div>
      ) : tray.status === 'loading' ? (
        <PageSpinner />
      ) : tray.drafts.length === 0 ? (
        <p className="rounded-2xl border-2 border-dashed border-slate-200 px-6 py-10 text-center text-slate-600">
          No drafts waiting. Use <strong>Make cards</strong> on a note, a chat reply or in a lesson.
        </p>
      ) : (
        <>
          {tray.added !== null && (
            <p className="text-sm text-slate-600">
              The assistant drafted {tray.added} {tray.added === 1 ? 'card' : 'cards'}. Check each one: accept, edit or
              reject.
            </p>
          )}
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200">
            {deckList && deck && <DeckPicker decks={deckList} value={deck} onChange={setDeck} label="Add to deck" />}
            <div className="flex gap-2">
              <Button variant="ghost" size="sm" disabled={busy} onClick={() => void reject(ids)}>
                <Trash2 className="size-4" aria-hidden="true" />
                Reject all
              </Button>
              <Button size="sm" disabled={busy} onClick={() => void accept(ids)}>
                <CheckCheck className="size-4" aria-hidden="true" />
                Accept all ({ids.length})
              </Button>
            </div>
          </div>
          <ol aria-label="Drafts" className="flex flex-col gap-3">
            {tray.drafts.map((draft, index) => (
              <DraftItem
                key={draft.id}
                draft={draft}
                index={index}
                edit={editOf(draft.id)}
                busy={busy}
                onEdit={(edit) => setEdits((current) => ({ ...current, [draft.id]: edit }))}
                onAccept={() => void accept([draft.id])}
                onReject={() => void reject([draft.id])}
              />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
