import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '@turtle/shared/account';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useServerMutation } from '../../../lib/query/use-server-mutation';
import { toast } from '../../../lib/toast';
import { useTurtleStore } from '../../../lib/turtle-store';
import { deleteAccount } from '../api/delete-account';
import { Section } from './section';

const sameEmail = (typed: string, email: string) => typed.trim().toLowerCase() === email.toLowerCase();

/** Deleting the account and all its data, after the email is typed out (the server checks it again). */
export function DeleteAccountSection({ email }: { email: string }) {
  const navigate = useNavigate();
  const logOut = useTurtleStore((state) => state.logOut);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const hintId = useId();
  const deletion = useServerMutation(async (confirmation: string) => {
    await deleteAccount({ confirmation });
    // Like a logout: the guard of this screen sends the visitor home, without a `next`.
    logOut();
    await navigate('/', { replace: true });
    toast('Your account and all its data have been deleted.');
  });
  const { busy } = deletion;
  const failure = deletion.error ?? undefined;

  const onOpenChange = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    setTyped('');
    deletion.reset();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!sameEmail(typed, email) || busy) return;
    await deletion.run(typed);
  };

  return (
    <Section title="Delete account" titleId="delete-title" tone="danger">
      <p className="text-sm text-slate-700">
        Deletes your notes, conversations, flashcards, lesson progress and billing records for good, cancels any
        subscription and signs you out. This cannot be undone.
      </p>
      <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
        <AlertDialog.Trigger asChild>
          <Button variant="danger" className="mt-4">
            Delete account…
          </Button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-slate-950/40 backdrop-blur-[2px]" />
          <AlertDialog.Content className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 animate-dialog-in rounded-2xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none">
            <AlertDialog.Title className="text-lg font-semibold text-slate-900">Delete your account?</AlertDialog.Title>
            <AlertDialog.Description id={hintId} className="mt-2 text-sm text-pretty text-slate-600">
              Everything in your account is deleted at once and cannot be recovered. Type{' '}
              <strong className="break-all text-slate-900">{email}</strong> to confirm.
            </AlertDialog.Description>
            <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 flex flex-col gap-4">
              <TextField
                label="Your email address"
                type="email"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                error={failure}
                placeholder={ACCOUNT_MESSAGES.typeEmailToConfirm}
              />
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <AlertDialog.Cancel className={buttonClass('secondary', 'md', 'h-11 sm:h-10')} disabled={busy}>
                  Cancel
                </AlertDialog.Cancel>
                <Button
                  type="submit"
                  variant="danger"
                  className="h-11 sm:h-10"
                  disabled={busy || !sameEmail(typed, email)}
                  aria-busy={busy || undefined}
                >
                  {busy && <Spinner />}
                  Delete account
                </Button>
              </div>
            </form>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </Section>
  );
}
