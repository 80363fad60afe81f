import { create } from 'zustand';

interface UserStatusState {
  /**
   * Whether the start-up status call has answered (or failed). Until then the client cannot tell a signed-in
   * visitor from a signed-out one (the session cookie is HttpOnly), so route guards wait for it.
   */
  known: boolean;
}

export const useUserStatus = create<UserStatusState>()(() => ({ known: false }));
