import { ApiError } from '../../../lib/api-client';

const GENERIC_ERROR = 'Something went wrong. Please try again.';

/** What the person reads for a failed chat call: the server's message, or a generic line (details in the console). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message || GENERIC_ERROR;
  console.error(error);
  return GENERIC_ERROR;
}

export const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
