import { errorMessage } from '../../../lib/error-message';

/** A console read that failed with nothing to show instead: its message, announced. */
export function ReadFailure({ error }: { error: unknown }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
      {errorMessage(error)}
    </p>
  );
}
