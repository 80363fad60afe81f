import { cardSides } from '@turtle/shared/cards';
import { NOTE_STYLE_SCOPE } from '@turtle/shared/cards-css';
import type { ReviewCard } from '@turtle/shared/cards-review';
import { CardFace } from '../../shared/components/card-face';
import { SourceChip } from '../../shared/components/source-chip';

/** The card's text takes the note type's font, size and colour from the box, as Anki's `.card` rule gives them. */
const INHERIT = `.${NOTE_STYLE_SCOPE} .chat-markdown { font-size: inherit; line-height: 1.6; color: inherit }`;

const STATE_NAMES = ['New', 'Learning', 'Review', 'Relearning'] as const;

/** The card: its deck, state and source chip, the question, and under a rule the answer once shown. */
export function ReviewCardView({ card, revealed }: { card: ReviewCard; revealed: boolean }) {
  const { question, answer } = cardSides(card);
  return (
    <article
      aria-label="Card"
      className="flex min-h-64 flex-col gap-4 rounded-2xl bg-white px-5 py-5 shadow-sm ring-1 ring-slate-200 sm:px-8 sm:py-7"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-600">{card.deckName}</span>
        <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-800">
          {STATE_NAMES[card.state]}
        </span>
        {card.source && <SourceChip source={card.source} />}
      </div>
      {/* A kept Anki note type's styles apply inside this box only, and it clips what they place
          (docs/decisions/047-anki-note-fields-and-styles.md). */}
      <div
        className={card.css ? `${NOTE_STYLE_SCOPE} flex flex-col gap-4 text-lg text-slate-800` : 'flex flex-col gap-4'}
        style={card.css ? { contain: 'paint' } : undefined}
      >
        {card.css && <style>{`${INHERIT}\n${card.css}`}</style>}
        <div data-testid="card-question" className="text-lg">
          <CardFace markdown={question} />
        </div>
        {revealed && (
          <>
            <hr className="border-slate-200" />
            <div data-testid="card-answer" className="text-lg">
              <CardFace markdown={answer || '_(no back)_'} />
            </div>
          </>
        )}
      </div>
    </article>
  );
}
