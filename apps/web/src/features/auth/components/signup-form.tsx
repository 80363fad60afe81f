import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { SignupBodySchema, type SignupBody } from '@turtle/shared/auth';
import type { User } from '@turtle/shared/user';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../lib/toast';
import { signup } from '../api/signup';
import { showServerError } from '../lib/show-server-error';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';
import { EmailField } from './email-field';

const FIELDS = ['name', 'email', 'password'] as const;

export function SignupForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupBody>({
    resolver: zodResolver(SignupBodySchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const user = await signup(body);
      toast('Account created');
      onSignedIn(user);
    } catch (error) {
      showServerError(error, FIELDS, setError);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <EmailField error={errors.email?.message} {...register('email')} />
      <PasswordField autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <SubmitButton busy={isSubmitting}>Sign up</SubmitButton>
    </form>
  );
}
