import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAlertStore } from '../../../lib/alert-store';
import { ApiError } from '../../../lib/api-client';
import { GENERIC_ERROR, showServerError } from './show-server-error';

type Login = { email: string; password: string };
const FIELDS = ['email', 'password'] as const;
const alertText = () => useAlertStore.getState().alert?.message;

afterEach(() => {
  useAlertStore.getState().dismissAlert();
  vi.restoreAllMocks();
});

describe('showServerError', () => {
  it.each([
    ['emailNotFound', 'email', 'Email not found'],
    ['invalidPassword', 'password', 'Incorrect password'],
    ['validation', 'email', "Doesn't look like email"],
  ])('puts a %s message under its field', (code, field, message) => {
    const setError = vi.fn();
    showServerError<Login>(new ApiError(401, { code, message, field }), FIELDS, setError);
    expect(setError).toHaveBeenCalledExactlyOnceWith(field, { type: 'server', message }, { shouldFocus: true });
    expect(alertText()).toBeUndefined();
  });

  it('shows an error about a field the form does not have in the alert bar', () => {
    const setError = vi.fn();
    showServerError<Login>(
      new ApiError(400, { code: 'validation', message: 'Bad name', field: 'name' }),
      FIELDS,
      setError,
    );
    expect(setError).not.toHaveBeenCalled();
    expect(alertText()).toBe('Bad name');
  });

  it('shows a rate limit or a server failure in the alert bar', () => {
    const setError = vi.fn();
    const message = 'Too many attempts. Please wait 42 seconds and try again.';
    showServerError<Login>(new ApiError(429, { code: 'rateLimited', message }), FIELDS, setError);
    expect(alertText()).toBe(message);
    expect(setError).not.toHaveBeenCalled();
  });

  it('shows a general message for an error that is not from the server', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    showServerError<Login>(new TypeError('boom'), FIELDS, vi.fn());
    expect(alertText()).toBe(GENERIC_ERROR);
  });
});
