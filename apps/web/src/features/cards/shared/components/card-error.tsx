import { Link } from 'react-router';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/error-message';

/** A failure on a cards screen; `upgrade` when it is the Free plan's card limit, which Pro lifts. */
export interface CardError {
  message: string;
  upgrade: boolean;
}

export const cardError = (message: string): CardError => ({ message, upgrade: false });

/** What the server or the network said, with the upgrade link when the plan's card limit was reached. */
export function cardErrorFrom(caught: unknown): CardError {
  return {
    message: errorMessage(caught),
    upgrade: caught instanceof ApiError && caught.code === 'cardLimitReached',
  };
}

/** The error line of the card editor and the importers, with "See Pro" after a card-limit refusal. */
export function CardErrorLine({ error }: { error: CardError | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
      {error.message}
      {error.upgrade && (
        <>
          {' '}
          <Link to="/pricing" className="font-semibold underline">
            See Pro
          </Link>
        </>
      )}
    </p>
  );
}
