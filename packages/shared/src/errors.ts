import { z } from './zod';

/**
 * Every error the API answers is `{ code, message }` (rules.md "Security controls").
 * The spec's own codes keep their names; the rest are ours.
 */
export const ERROR_CODES = [
  'badRequest',
  'validation',
  'unauthorized',
  'forbidden',
  'notFound',
  'methodNotAllowed',
  'conflict',
  'payloadTooLarge',
  'unsupportedMediaType',
  'rateLimited',
  'rangeNotSatisfiable',
  'internal',
  'insufficientStorage',
  'unavailable',
  'emailNotFound',
  'invalidPassword',
  'emailAlreadyUsed',
  'accountExists',
  'invalidTicket',
  'passwordNotSet',
  'cardLimitReached',
  'lessonLimitReached',
  'idempotencyKeyReused',
  'proRequired',
  'notEnoughReviews',
  'suspended',
  'resetLinkUnusable',
  'reauthRequired',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ApiErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  /** For `validation` errors: the field the message belongs to. */
  field: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
