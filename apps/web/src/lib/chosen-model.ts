import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { usePublicConfig } from './public-config-store';
import { useTurtleStore } from './turtle-store';

interface ModelChoiceState {
  /** The model each person on this device picked, by user id. */
  byUser: Record<string, string>;
  choose(userId: string, model: string): void;
}

/** Kept on the device, per person, apart from `turtle-store` (whose shape the spec fixes). */
export const useModelChoice = create<ModelChoiceState>()(
  persist(
    (set) => ({
      byUser: {},
      choose: (userId, model) => set((state) => ({ byUser: { ...state.byUser, [userId]: model } })),
    }),
    { name: 'turtle-model-choice', version: 0, storage: createJSONStorage(() => localStorage) },
  ),
);

/**
 * The model the assistant should answer with: the one this person picked, while the server still serves it;
 * otherwise undefined, and the request names none (the server's default answers). The web client never names a
 * model of its own.
 */
export function chosenModel(models: readonly string[], picked: string | undefined): string | undefined {
  return picked !== undefined && models.includes(picked) ? picked : undefined;
}

/** The server's models, the one in use (the pick, or the default) and how to pick another. */
export function useChosenModel() {
  const models = usePublicConfig((state) => state.models);
  const userId = useTurtleStore((state) => state.user.id);
  const picked = useModelChoice((state) => state.byUser[userId]);
  const choose = useModelChoice((state) => state.choose);
  const model = chosenModel(models, picked);
  return {
    models,
    /** What requests send: undefined means "the server's default". */
    model,
    /** What the picker shows. */
    shown: model ?? models[0],
    choose: (next: string) => choose(userId, next),
  };
}
