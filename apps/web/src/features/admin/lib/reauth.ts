import { create } from 'zustand';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';

/** The console's "enter your password again" prompt (decision 037): open, with the server's words. */
export const useReauthPrompt = create<{ message: string | null }>(() => ({ message: null }));

/**
 * What a failed console action shows: the password prompt when the server asks for the password again (a destructive
 * action more than 15 minutes after it was last entered), the server's message otherwise.
 */
export function showAdminFailure(failure: unknown): void {
  if (failure instanceof ApiError && failure.code === 'reauthRequired') {
    useReauthPrompt.setState({ message: failure.message });
    return;
  }
  toast(errorMessage(failure), 'error');
}
