import { ArrowLeft, Download, Pencil, Play, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  CARD_KIND_LABELS,
  CARD_LIST_PAGE_SIZE,
  cardSides,
  type CardNoteView,
  type DeckSummary,
} from '@turtle/shared/cards';
import { clozeNumbers } from '@turtle/shared/cards-cloze';
import { isInDeck } from '@turtle/shared/cards-deck-tree';
import { Button, buttonClass } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { PageSpinner } from '../../../../components/ui/spinner';
import { showAlert } from '../../../../lib/alert-store';
import { errorMessage } from '../../../../lib/error-message';
import { useServerMutation } from '../../../../lib/query/use-server-mutation';
import { deleteCard } from '../api/delete-card';
import { deleteDeck } from '../api/delete-deck';
import { exportUrl } from '../api/export-url';
import { dropDeckCard, useDeckCards } from '../hooks/use-deck-cards';
import { dropDeck, useDecks } from '../../shared/hooks/use-decks';
import { cardsChanged } from '../../shared/lib/cards-changed';
import { CardFace } from '../../shared/components/card-face';
import { GoneNotice } from './gone-notice';
import { RenameDeck } from './rename-deck';
import { SourceChip } from '../../shared/components/source-chip';

function CardRow({ card, onDelete }: { card: CardNoteView; onDelete: (card: CardNoteView) => void }) {
  const ordinal = card.kind === 'cloze' ? (clozeNumbers(card.front)[0] ?? 1) : 0;
  const { question, answer } = cardSides({ ...card, ordinal });
  return (
    <li className="flex flex-col gap-2 rounded-2xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200 sm:px-5">
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-600">
          {card.fromNoteType ? 'Anki note type' : CARD_KIND_LABELS[card.kind]}
          {card.cards > 1 ? ` · ${card.cards} cards` : ''}
        </span>
        {card.tags.map((tag) => (
          <span key={tag}>#{tag}</span>
        ))}
        {card.source && <SourceChip source={card.source} />}
        <span className="ml-auto flex gap-1">
          <Link
            to={`/cards/edit/${encodeURIComponent(card.id)}`}
            className={buttonClass('ghost', 'sm', 'px-2')}
            aria-label="Edit card"
          >
            <Pencil className="size-4" aria-hidden="true" />
          </Link>
          <Button variant="ghost" size="sm" className="px-2" aria-label="Delete card" onClick={() => onDelete(card)}>
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        </span>
      </div>
      <div className="grid gap-2 sm:grid-cols-2 sm:gap-4">
        <CardFace markdown={question} className="min-w-0" />
        <CardFace
          markdown={answer || '_(no back)_'}
          className="min-w-0 border-t border-slate-100 pt-2 text-slate-600 sm:border-t-0 sm:border-l sm:pt-0 sm:pl-4"
        />
      </div>
    </li>
  );
}

const cardCount = (count: number) => `${count} ${count === 1 ? 'card' : 'cards'}`;

/** What deleting a deck takes: its subdecks go with it (docs/decisions/041-subdecks.md). */
function deleteDeckMessage(deck: DeckSummary, subdecks: number) {
  const after = 'will be deleted, with their review history. This cannot be undone.';
  if (subdecks === 0) return `“${deck.name}” and its ${cardCount(deck.cards)} ${after}`;
  const which = subdecks === 1 ? 'its subdeck' : `its ${subdecks} subdecks`;
  return `“${deck.name}”, ${which} and all their ${cardCount(deck.total.cards)} ${after}`;
}

/** /cards/decks/{id}: a deck's cards (newest first, 100 at a time), study, add, rename, export, delete. */
export function DeckScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { state: decks } = useDecks();
  const { cards, total, missing, showMore } = useDeckCards(id);
  const [toDelete, setToDelete] = useState<CardNoteView | null>(null);
  const [deletingDeck, setDeletingDeck] = useState(false);
  const onError = (error: unknown) => showAlert(errorMessage(error));
  const removingCard = useServerMutation(
    async (card: CardNoteView) => {
      await deleteCard(card.id);
      dropDeckCard(id, card.id);
      cardsChanged();
      setToDelete(null);
    },
    { onError },
  );
  const removingDeck = useServerMutation(
    async () => {
      await deleteDeck(id);
      dropDeck(id);
      cardsChanged();
      await navigate('/cards', { replace: true });
    },
    { onError },
  );
  // A deleted deck's page stays busy while it goes.
  const busy = removingCard.busy || removingDeck.busy || removingDeck.done;

  const deck = decks.status === 'ready' ? decks.data.decks.find((item) => item.id === id) : undefined;
  if (missing) {
    return <GoneNotice what="deck" />;
  }
  if (!cards || total === undefined || !deck) return <PageSpinner />;
  // With its subdecks: studying a deck studies them too (docs/decisions/041-subdecks.md).
  const due = deck.total.due.new + deck.total.due.learning + deck.total.due.review;
  const subdecks =
    decks.status === 'ready'
      ? decks.data.decks.filter((item) => item.id !== deck.id && isInDeck(item.name, deck.name))
      : [];

  const removeCard = async () => {
    if (toDelete) await removingCard.run(toDelete);
  };
  const removeDeck = () => removingDeck.run();

  return (
    <section className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/cards" className={buttonClass('ghost', 'md', '-ml-2 px-2.5')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Decks
        </Link>
        <RenameDeck deck={deck} onRenamed={cardsChanged} />
      </div>
      <div className="flex flex-wrap gap-2">
        {due > 0 && (
          <Link to={`/cards/review?deck=${encodeURIComponent(id)}`} className={buttonClass('primary', 'sm')}>
            <Play className="size-4" aria-hidden="true" />
            Study ({due})
          </Link>
        )}
        <Link to={`/cards/new?deck=${encodeURIComponent(id)}`} className={buttonClass('secondary', 'sm')}>
          <Plus className="size-4" aria-hidden="true" />
          Add a card
        </Link>
        <a href={exportUrl('csv', id)} download className={buttonClass('ghost', 'sm')}>
          <Download className="size-4" aria-hidden="true" />
          CSV
        </a>
        <a href={exportUrl('apkg', id)} download className={buttonClass('ghost', 'sm')}>
          <Download className="size-4" aria-hidden="true" />
          Anki
        </a>
        <Button variant="ghost" size="sm" className="text-red-700" onClick={() => setDeletingDeck(true)}>
          <Trash2 className="size-4" aria-hidden="true" />
          Delete deck
        </Button>
      </div>
      <p className="text-sm text-slate-600">
        {cardCount(deck.cards)}
        {subdecks.length > 0 &&
          ` here, ${cardCount(deck.total.cards)} with its ${subdecks.length === 1 ? 'subdeck' : `${subdecks.length} subdecks`}`}
      </p>
      {subdecks.length > 0 && (
        <nav aria-label="Subdecks">
          <ul className="flex flex-wrap gap-2">
            {subdecks
              .filter((item) => item.parentId === deck.id)
              .map((item) => (
                <li key={item.id}>
                  <Link
                    to={`/cards/decks/${encodeURIComponent(item.id)}`}
                    className={buttonClass('secondary', 'sm', 'font-medium')}
                  >
                    {item.label} <span className="font-normal text-slate-500">{cardCount(item.total.cards)}</span>
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
      )}
      <ul aria-label="Cards" className="flex flex-col gap-3">
        {cards.map((card) => (
          <CardRow key={card.id} card={card} onDelete={setToDelete} />
        ))}
      </ul>
      {cards.length < total && (
        <Button variant="secondary" onClick={showMore}>
          Show {Math.min(CARD_LIST_PAGE_SIZE, total - cards.length)} more
        </Button>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete card"
        description="This card and its review history will be deleted. This cannot be undone."
        confirmLabel="Delete"
        tone="danger"
        busy={busy}
        onConfirm={() => void removeCard()}
      />
      <ConfirmDialog
        open={deletingDeck}
        onOpenChange={setDeletingDeck}
        title="Delete deck"
        description={deleteDeckMessage(deck, subdecks.length)}
        confirmLabel="Delete deck"
        tone="danger"
        busy={busy}
        onConfirm={() => void removeDeck()}
      />
    </section>
  );
}
