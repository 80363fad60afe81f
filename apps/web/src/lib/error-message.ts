import { ApiError } from './api-client';

export const GENERIC_ERROR = 'Something went wrong. Please try again.';

/** product.md §8: API calls reject with the server's `{ code, message }`; its message is what the person reads. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message || GENERIC_ERROR;
  console.error(error);
  return GENERIC_ERROR;
}

export const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
