import { useState, type FormEvent } from 'react';
import { DECK_NAME_MAX_LENGTH } from '@turtle/shared/cards';
import { Button } from '../../../../components/ui/button';
import { showAlert } from '../../../../lib/alert-store';
import { errorMessage } from '../../../../lib/error-message';
import { useServerMutation } from '../../../../lib/query/use-server-mutation';
import { createDeck } from '../api/create-deck';

/** Names a new deck (multi-subject: one deck per subject). */
export function NewDeckForm({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('');
  const creating = useServerMutation(
    async (deckName: string) => {
      await createDeck(deckName);
      setName('');
      onCreated();
    },
    { onError: (error) => showAlert(errorMessage(error)) },
  );
  const { busy } = creating;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || busy) return;
    await creating.run(name.trim());
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <label htmlFor="new-deck" className="sr-only">
        New deck name
      </label>
      <input
        id="new-deck"
        value={name}
        maxLength={DECK_NAME_MAX_LENGTH}
        onChange={(event) => setName(event.target.value)}
        placeholder="New deck, e.g. Spanish or Biology"
        className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm sm:max-w-xs"
      />
      <Button type="submit" variant="secondary" disabled={!name.trim() || busy}>
        Add deck
      </Button>
    </form>
  );
}
