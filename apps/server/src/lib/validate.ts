import type { z } from 'zod';
import { HttpError } from './http-error';

/** Parses untrusted input with a shared schema; a failure is a 400 naming the first bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : undefined;
  throw new HttpError(400, 'validation', issue?.message ?? 'The request is not valid.', field);
}
