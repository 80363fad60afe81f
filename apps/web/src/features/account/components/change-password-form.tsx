import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ACCOUNT_MESSAGES, ChangePasswordBodySchema, type ChangePasswordBody } from '@turtle/shared/account';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { showAlert } from '../../../lib/alert-store';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { changePassword } from '../api/change-password';

const FIELDS = ['currentPassword', 'newPassword'] as const;

/** Current password, then a new one under the signup rules; the server ends every other session. */
export function ChangePasswordForm() {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordBody>({
    resolver: zodResolver(ChangePasswordBodySchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await changePassword(body);
      reset();
      toast(ACCOUNT_MESSAGES.passwordChanged);
    } catch (error) {
      const field = error instanceof ApiError ? FIELDS.find((name) => name === error.body.field) : undefined;
      if (field)
        setError(
          field,
          { type: 'server', message: error instanceof Error ? error.message : '' },
          { shouldFocus: true },
        );
      else showAlert(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 sm:max-w-sm" aria-label="Change password">
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <p className="-mt-2 text-sm text-slate-600">At least 6 characters. Other devices will be signed out.</p>
      <Button type="submit" className="self-start" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        {isSubmitting && <Spinner />}
        Change password
      </Button>
    </form>
  );
}
