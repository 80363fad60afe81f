import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, GENERIC_ERROR } from './error-message';

afterEach(() => vi.restoreAllMocks());

describe('errorMessage', () => {
  it('shows the server’s own words', () => {
    expect(errorMessage(new ApiError(404, { code: 'notFound', message: 'Checkout session not found' }))).toBe(
      'Checkout session not found',
    );
  });

  it('falls back to what the screen says could not be done, or the generic text, when there are none', () => {
    expect(errorMessage(new ApiError(500, { code: 'x', message: '  ' }), 'The plan could not be changed.')).toBe(
      'The plan could not be changed.',
    );
    expect(errorMessage(new ApiError(500, { code: 'x', message: '' }))).toBe(GENERIC_ERROR);
  });

  it('never shows a bug’s own message: it is logged, and the person reads the fallback', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bug = new TypeError("Cannot read properties of undefined (reading 'plan')");
    expect(errorMessage(bug, 'This checkout could not be loaded.')).toBe('This checkout could not be loaded.');
    expect(errorMessage(undefined)).toBe(GENERIC_ERROR);
    expect(logged).toHaveBeenCalledWith(bug);
  });
});
