import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/error-message';
import { useServerMutation } from '../../../lib/query/use-server-mutation';
import { toast } from '../../../lib/toast';
import { confirmPassword } from '../api/admin-calls';
import { useReauthPrompt } from '../lib/reauth';

/**
 * Asks the administrator for their password again when a destructive action needs a fresh proof (decision 037);
 * once it is confirmed, the action is done again by hand, so nothing happens that was not asked for twice.
 */
export function ReauthDialog() {
  const message = useReauthPrompt((state) => state.message);
  const [password, setPassword] = useState('');
  const confirm = useServerMutation(() => confirmPassword(password), {
    fallback: 'The password could not be checked. Please try again.',
    onError: (failure) => toast(errorMessage(failure), 'error'),
  });
  const close = () => {
    setPassword('');
    useReauthPrompt.setState({ message: null });
  };
  return (
    <ConfirmDialog
      open={message !== null}
      onOpenChange={(open) => !open && close()}
      title="Confirm it is you"
      confirmLabel="Confirm"
      busy={confirm.busy}
      onConfirm={async () => {
        if ((await confirm.run(undefined)) === undefined) return;
        close();
        toast('Password confirmed. Do it again.');
      }}
      description={
        <>
          {message}
          <label className="mt-4 flex flex-col gap-1 font-medium text-slate-700">
            Your password
            <input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              className="rounded-lg border border-slate-300 px-3 py-2 font-normal text-slate-900"
            />
          </label>
        </>
      }
    />
  );
}
