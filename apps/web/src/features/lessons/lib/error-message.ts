import { ApiError } from '../../../lib/api-client';

export const GENERIC_ERROR = 'Something went wrong. Please try again.';

/** The server's own message when it sent one (`{ code, message }`), otherwise a generic line. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message || GENERIC_ERROR;
  console.error(error);
  return GENERIC_ERROR;
}

export const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
