import { KeyRound } from 'lucide-react';
import type { User } from '@turtle/shared/user';
import { buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { usePublicConfig } from '../../../lib/public-config-store';
import { useThirdPartySignIn } from '../hooks/use-third-party-sign-in';
import { OrDivider } from './or-divider';

/**
 * "Continue with {provider}" and the OR divider under it; nothing at all when third-party sign-in is off. The
 * button has its own loading state while the popup is open (product.md §4).
 */
export function ThirdPartySignIn({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const provider = usePublicConfig((state) => state.signInProvider);
  const { busy, start } = useThirdPartySignIn(onSignedIn);
  if (!provider) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => void start()}
        disabled={busy}
        aria-busy={busy || undefined}
        className={buttonClass('secondary', 'md', 'h-11 w-full')}
      >
        {busy ? <Spinner /> : <KeyRound className="size-4 text-brand-700" aria-hidden="true" />}
        Continue with {provider}
      </button>
      <OrDivider />
    </>
  );
}
