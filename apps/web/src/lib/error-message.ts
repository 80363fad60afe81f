import { ApiError } from './api-client';

export const GENERIC_ERROR = 'Something went wrong. Please try again.';

/**
 * product.md §8: API calls reject with the server's `{ code, message }`; its message is what the person reads. Any
 * other failure is a bug, logged, and the person reads `fallback` (a screen may say what could not be done).
 */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR): string {
  if (error instanceof ApiError) return error.message.trim() || fallback;
  console.error(error);
  return fallback;
}

export const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
