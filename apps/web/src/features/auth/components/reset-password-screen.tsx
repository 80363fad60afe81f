import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { RESET_LINK_MESSAGES, ResetPasswordBodySchema, type ResetPasswordBody } from '@turtle/shared/auth';
import { toast } from '../../../lib/toast';
import { useTurtleStore } from '../../../lib/turtle-store';
import { resetPassword } from '../api/reset-password';
import { showServerError } from '../lib/show-server-error';
import { SIGNED_IN_HOME } from '../lib/safe-next-path';
import { AuthCard, authLinkClass } from './auth-card';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';

const FIELDS = ['password'] as const;

/**
 * /reset-password#<token> (decision 037): the one-time link support sent. The token rides after `#`, so it never
 * reaches a server log or another site's Referer; it is read once and taken off the address bar.
 */
export function ResetPasswordScreen() {
  const navigate = useNavigate();
  const [token] = useState(() => {
    const fromHash = window.location.hash.slice(1);
    if (fromHash) window.history.replaceState(window.history.state, '', window.location.pathname);
    return fromHash;
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordBody>({
    resolver: zodResolver(ResetPasswordBodySchema),
    defaultValues: { token, password: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const user = await resetPassword(body);
      useTurtleStore.getState().setUser(user);
      toast('Your new password is set. You are signed in.');
      void navigate(SIGNED_IN_HOME, { replace: true });
    } catch (error) {
      showServerError(error, FIELDS, setError);
    }
  });

  return (
    <AuthCard
      title="Set a new password"
      subtitle="Choose the password you will sign in with from now on."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className={authLinkClass}>
            Log in
          </Link>
        </>
      }
    >
      {token ? (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          <PasswordField
            label="New password"
            autoComplete="new-password"
            error={errors.password?.message ?? errors.token?.message}
            {...register('password')}
          />
          <SubmitButton busy={isSubmitting}>Set password</SubmitButton>
        </form>
      ) : (
        <p role="alert" className="text-sm text-slate-700">
          {RESET_LINK_MESSAGES.unknown}
        </p>
      )}
    </AuthCard>
  );
}
