// @vitest-environment jsdom
import { beforeEach, describe, it, expect } from 'vitest';
import { EMPTY_USER, selectIsSignedIn, useTurtleStore, type StoredNote, type StoredUser } from './turtle-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const initial = useTurtleStore.getState();

const user: StoredUser = {
  id: 'u1',
  name: 'Ada',
  email: 'ada@turtle.test',
  role: 1,
  membership: { plan: 1, subscription: 2, expireAt: 1_900_000_000_000 },
};

function note(id: string, name = `Note ${id}`): StoredNote {
  return { id, name, content: `content of ${id}`, createdAt: 1, updatedAt: 2, lastAccessAt: 3 };
}

function stored() {
  return JSON.parse(localStorage.getItem('turtle-store') ?? 'null');
}

beforeEach(() => {
  localStorage.clear();
  useTurtleStore.setState(initial, true);
});

describe('useTurtleStore initial state', () => {
  it('starts signed out with counter 0, no notes and a UUID client id', () => {
    const state = useTurtleStore.getState();
    expect(state.counter).toBe(0);
    expect(state.user).toEqual({
      id: '',
      name: '',
      email: '',
      role: 0,
      membership: { plan: 0, subscription: 3, expireAt: -1 },
    });
    expect(state.noteMap).toEqual({});
    expect(state.clientId).toMatch(UUID);
    expect(state.canExpandNotes).toBe(false);
    expect(selectIsSignedIn(state)).toBe(false);
  });
});

describe('useTurtleStore actions', () => {
  it('setUser keeps only id, name, email, role and membership', () => {
    useTurtleStore.getState().setUser({ ...user, password: 'secret', createdAt: 5 } as StoredUser);
    expect(useTurtleStore.getState().user).toEqual(user);
    expect(selectIsSignedIn(useTurtleStore.getState())).toBe(true);
  });

  it('clearUser empties the user and the notes', () => {
    useTurtleStore.getState().setUser(user);
    useTurtleStore.getState().addNotes([note('a')]);
    useTurtleStore.getState().clearUser();
    expect(useTurtleStore.getState().user).toEqual(EMPTY_USER);
    expect(useTurtleStore.getState().noteMap).toEqual({});
  });

  it('addNotes adds notes by id and replaces one with the same id', () => {
    useTurtleStore.getState().addNotes([note('a'), note('b')]);
    useTurtleStore.getState().addNotes([note('b', 'Renamed'), note('c')]);
    const { noteMap } = useTurtleStore.getState();
    expect(Object.keys(noteMap).sort()).toEqual(['a', 'b', 'c']);
    expect(noteMap.b).toEqual(note('b', 'Renamed'));
    expect(noteMap.a).toEqual(note('a'));
  });

  it('removeNote removes only that note', () => {
    useTurtleStore.getState().addNotes([note('a'), note('b')]);
    useTurtleStore.getState().removeNote('a');
    expect(useTurtleStore.getState().noteMap).toEqual({ b: note('b') });
  });

  it('setCanExpandNotes sets the flag', () => {
    useTurtleStore.getState().setCanExpandNotes(true);
    expect(useTurtleStore.getState().canExpandNotes).toBe(true);
    useTurtleStore.getState().setCanExpandNotes(false);
    expect(useTurtleStore.getState().canExpandNotes).toBe(false);
  });
});

describe('useTurtleStore persistence', () => {
  it('saves counter, user, notes and client id under turtle-store version 0, without canExpandNotes', () => {
    const { setUser, addNotes, setCanExpandNotes, clientId } = useTurtleStore.getState();
    setUser(user);
    addNotes([note('a')]);
    setCanExpandNotes(true);
    expect(stored()).toEqual({ state: { counter: 0, user, noteMap: { a: note('a') }, clientId }, version: 0 });
    expect(stored().state).not.toHaveProperty('canExpandNotes');
  });

  it('keeps the generated client id when the stored state has none', async () => {
    const generated = useTurtleStore.getState().clientId;
    localStorage.setItem('turtle-store', JSON.stringify({ state: { counter: 4, user, noteMap: {} }, version: 0 }));
    await useTurtleStore.persist.rehydrate();
    const state = useTurtleStore.getState();
    expect(state.clientId).toBe(generated);
    expect(state.clientId).toMatch(UUID);
    expect(state.counter).toBe(4);
    expect(state.user).toEqual(user);
  });

  it('keeps the generated client id when the stored one is empty', async () => {
    const generated = useTurtleStore.getState().clientId;
    localStorage.setItem(
      'turtle-store',
      JSON.stringify({ state: { counter: 0, user, noteMap: {}, clientId: '' }, version: 0 }),
    );
    await useTurtleStore.persist.rehydrate();
    expect(useTurtleStore.getState().clientId).toBe(generated);
  });

  it('restores a stored client id', async () => {
    const clientId = '11111111-2222-4333-8444-555555555555';
    localStorage.setItem(
      'turtle-store',
      JSON.stringify({ state: { counter: 0, user, noteMap: {}, clientId }, version: 0 }),
    );
    await useTurtleStore.persist.rehydrate();
    expect(useTurtleStore.getState().clientId).toBe(clientId);
  });
});
