import { zodResolver } from '@hookform/resolvers/zod';
import type { MouseEvent } from 'react';
import { useForm } from 'react-hook-form';
import { LoginBodySchema, type LoginBody } from '@turtle/shared/auth';
import type { User } from '@turtle/shared/user';
import { contactAlertText } from '../../../components/layout/footer';
import { usePublicConfig } from '../../../lib/public-config-store';
import { login } from '../api/login';
import { showServerError } from '../lib/show-server-error';
import { authLinkClass } from './auth-card';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';
import { EmailField } from './email-field';

const FIELDS = ['email', 'password'] as const;

export function LoginForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const supportEmail = usePublicConfig((state) => state.supportEmail);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({ resolver: zodResolver(LoginBodySchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (body) => {
    try {
      onSignedIn(await login(body));
    } catch (error) {
      showServerError(error, FIELDS, setError);
    }
  });

  const onForgot = (event: MouseEvent) => {
    event.preventDefault();
    window.alert(contactAlertText(supportEmail));
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <EmailField error={errors.email?.message} {...register('email')} />
      <div>
        <PasswordField autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        {/* product.md §2: the link exists but is hidden. */}
        <a href="/contact" hidden onClick={onForgot} className={`mt-2 inline-block text-sm ${authLinkClass}`}>
          Forgot your password?
        </a>
      </div>
      <SubmitButton busy={isSubmitting}>Log in</SubmitButton>
    </form>
  );
}
