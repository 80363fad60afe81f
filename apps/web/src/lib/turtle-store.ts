import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { CLIENT_STORE_NAME, CLIENT_STORE_VERSION } from '@turtle/shared/constants';
import type { Membership } from '@turtle/shared/membership';
import { DEFAULT_MEMBERSHIP } from '@turtle/shared/plans';

/** The user as the client keeps it (product.md §3): only these fields are kept from a server user. */
export interface StoredUser {
  id: string;
  name: string;
  email: string;
  role: number;
  membership: Membership;
}

export interface StoredNote {
  id: string;
  name: string;
  content: string;
  createdAt: number;
  updatedAt: number;
  lastAccessAt: number;
}

export const EMPTY_USER: StoredUser = { id: '', name: '', email: '', role: 0, membership: DEFAULT_MEMBERSHIP };

interface PersistedState {
  counter: number;
  user: StoredUser;
  noteMap: Record<string, StoredNote>;
  clientId: string;
}

export interface TurtleState extends PersistedState {
  /** Not persisted: whether a note mention expands to the note's content. */
  canExpandNotes: boolean;
  /** Not persisted: the user logged out here, so screens that need a user send the visitor home, not to login. */
  loggedOut: boolean;
  setUser: (user: StoredUser) => void;
  clearUser: () => void;
  /** Forgets the user like `clearUser`, after a logout on this device. */
  logOut: () => void;
  /** Adds or replaces notes by id. */
  addNotes: (notes: StoredNote[]) => void;
  removeNote: (id: string) => void;
  setCanExpandNotes: (value: boolean) => void;
}

export function toStoredUser(user: StoredUser): StoredUser {
  const { id, name, email, role, membership } = user;
  return { id, name, email, role, membership };
}

/** The client store of product.md §3, persisted in localStorage as `turtle-store` version 0. */
export const useTurtleStore = create<TurtleState>()(
  persist(
    (set) => ({
      counter: 0,
      user: EMPTY_USER,
      noteMap: {},
      clientId: crypto.randomUUID(),
      canExpandNotes: false,
      loggedOut: false,
      setUser: (user) => set({ user: toStoredUser(user), loggedOut: false }),
      // Signing out also drops the cached notes: they belong to the user who left.
      clearUser: () => set({ user: EMPTY_USER, noteMap: {} }),
      logOut: () => set({ user: EMPTY_USER, noteMap: {}, loggedOut: true }),
      addNotes: (notes) =>
        set((state) => ({
          noteMap: { ...state.noteMap, ...Object.fromEntries(notes.map((note) => [note.id, note])) },
        })),
      removeNote: (id) =>
        set((state) => {
          const { [id]: _removed, ...rest } = state.noteMap;
          return { noteMap: rest };
        }),
      setCanExpandNotes: (value) => set({ canExpandNotes: value }),
    }),
    {
      name: CLIENT_STORE_NAME,
      version: CLIENT_STORE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ counter, user, noteMap, clientId }): PersistedState => ({ counter, user, noteMap, clientId }),
      // A stored state without a clientId keeps the freshly generated one.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<PersistedState>;
        return { ...current, ...stored, clientId: stored.clientId || current.clientId };
      },
    },
  ),
);

export const selectIsSignedIn = (state: TurtleState) => state.user.id !== '';
