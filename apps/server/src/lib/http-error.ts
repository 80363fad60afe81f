import type { ErrorCode } from '@turtle/shared/errors';

/** The one error type routes throw; the error handler turns it into `{ code, message }` with `status`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const unauthorized = () => new HttpError(401, 'unauthorized', 'Please log in to continue.');
