import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error';
import { parseInput } from './validate';

const Schema = z.object({
  email: z.string().min(1, 'Enter email'),
  profile: z.object({ name: z.string().min(2, 'Name must have 2 characters or more') }),
});

function refusal(input: unknown): HttpError {
  try {
    parseInput(Schema, input);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('parseInput accepted the input');
}

describe('parseInput', () => {
  it('returns the parsed value, without undeclared fields', () => {
    const value = parseInput(Schema, { email: 'a@b.c', profile: { name: 'Ada' }, role: 9 });
    expect(value).toEqual({ email: 'a@b.c', profile: { name: 'Ada' } });
  });

  it("refuses with 400 validation, the schema's message and the field", () => {
    const error = refusal({ email: '', profile: { name: 'Ada' } });
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation');
    expect(error.message).toBe('Enter email');
    expect(error.field).toBe('email');
  });

  it('names a nested field by its path', () => {
    const error = refusal({ email: 'a@b.c', profile: { name: 'A' } });
    expect(error.field).toBe('profile.name');
    expect(error.message).toBe('Name must have 2 characters or more');
  });

  it('has no field when the whole input is of the wrong kind', () => {
    const error = refusal('not an object');
    expect(error.status).toBe(400);
    expect(error.field).toBeUndefined();
  });
});
