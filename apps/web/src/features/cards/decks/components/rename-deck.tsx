import { Check, Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { DECK_NAME_MAX_LENGTH } from '@turtle/shared/cards';
import { Button } from '../../../../components/ui/button';
import { showAlert } from '../../../../lib/alert-store';
import { errorMessage } from '../../../../lib/error-message';
import { useServerMutation } from '../../../../lib/query/use-server-mutation';
import { renameDeck } from '../api/rename-deck';

/** The deck's name as the page title, with a button that turns it into a field to rename it. */
export function RenameDeck({ deck, onRenamed }: { deck: { id: string; name: string }; onRenamed: () => void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(deck.name);
  const renaming = useServerMutation(
    async (next: string) => {
      await renameDeck(deck.id, next);
      setEditing(false);
      onRenamed();
    },
    { onError: (error) => showAlert(errorMessage(error)) },
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await renaming.run(name.trim());
  };
  if (!editing) {
    return (
      <div className="flex min-w-0 flex-1 items-center gap-1">
        <h1 className="truncate text-2xl font-bold tracking-tight text-slate-900">{deck.name}</h1>
        <Button variant="ghost" size="sm" className="px-2" aria-label="Rename deck" onClick={() => setEditing(true)}>
          <Pencil className="size-4" aria-hidden="true" />
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="flex min-w-0 flex-1 items-center gap-2">
      <input
        aria-label="Deck name"
        value={name}
        autoFocus
        maxLength={DECK_NAME_MAX_LENGTH}
        onChange={(event) => setName(event.target.value)}
        className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-lg font-semibold"
      />
      <Button type="submit" size="sm" disabled={!name.trim()}>
        <Check className="size-4" aria-hidden="true" />
        Save
      </Button>
    </form>
  );
}
