import { Link } from 'react-router';
import type { AccountResponse } from '@turtle/shared/account';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { queryKeys } from '../../../lib/query/query-keys';
import { useServerQuery } from '../../../lib/query/use-server-query';
import { usePublicConfig } from '../../../lib/public-config-store';
import { getAccount } from '../api/get-account';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountSection } from './delete-account-section';
import { Section } from './section';

function signInMethodLabel(account: AccountResponse, provider: string | null): string {
  if (account.signInMethod === 'password') return 'Email and password';
  return provider ? `Continue with ${provider}` : 'A "Continue with" provider';
}

/** /account (decision 018): who you are, how you sign in, your password, and deleting the account. */
export function AccountScreen() {
  const provider = usePublicConfig((state) => state.signInProvider);
  const { data: account, error } = useServerQuery({
    queryKey: queryKeys.account,
    queryFn: ({ signal }) => getAccount(signal),
  });

  if (!account && error) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
        {errorMessage(error)}
      </p>
    );
  }
  if (!account) return <PageSpinner />;

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Account</h1>
        <p className="mt-1 text-sm text-slate-600">
          Your profile and sign-in. Your plan and payments are in{' '}
          <Link to="/account/billing" className="font-medium text-brand-800 underline underline-offset-2">
            Plan &amp; billing
          </Link>
          .
        </p>
      </header>

      <Section title="Profile" titleId="profile-title">
        <dl className="grid gap-4 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-slate-600">Name</dt>
          <dd className="font-medium break-words text-slate-900">{account.name}</dd>
          <dt className="text-slate-600">Email</dt>
          <dd className="font-medium break-all text-slate-900">{account.email}</dd>
          <dt className="text-slate-600">Sign-in method</dt>
          <dd className="font-medium text-slate-900">{signInMethodLabel(account, provider)}</dd>
        </dl>
      </Section>

      <Section title="Password" titleId="password-title">
        {account.signInMethod === 'password' ? (
          <ChangePasswordForm />
        ) : (
          <p className="text-sm text-slate-600">
            You sign in with {provider ?? 'a provider'}, so there is no Turtle password to change.
          </p>
        )}
      </Section>

      <DeleteAccountSection email={account.email} />
    </div>
  );
}
