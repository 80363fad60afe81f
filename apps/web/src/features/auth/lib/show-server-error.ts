import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { showAlert } from '../../../lib/alert-store';
import { ApiError } from '../../../lib/api-client';
import { GENERIC_ERROR } from '../../../lib/error-message';

export { GENERIC_ERROR };

/**
 * product.md §8: a server error about one of the form's fields ("Email not found", "Incorrect password", "Email already
 * in use", a validation message) shows under that field; anything else (too many attempts, a server or network
 * failure) shows in the alert bar.
 */
export function showServerError<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  if (!(error instanceof ApiError)) {
    console.error(error);
    showAlert(GENERIC_ERROR);
    return;
  }
  const field = fields.find((name) => name === error.body.field);
  if (field) setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
  else showAlert(error.message || GENERIC_ERROR);
}
