import { Link } from 'react-router';
import { buttonClass } from '../../../../components/ui/button';

/** What an address of a card or deck that does not exist (any more) shows: that, and the way back to the decks. */
export function GoneNotice({ what }: { what: 'card' | 'deck' }) {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <p className="text-slate-700">That {what} does not exist.</p>
      <Link to="/cards" className={buttonClass('secondary')}>
        Back to decks
      </Link>
    </div>
  );
}
