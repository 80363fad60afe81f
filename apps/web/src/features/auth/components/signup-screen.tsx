import { Link, useSearchParams } from 'react-router';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { signInPath } from '../lib/safe-next-path';
import { AuthCard, authLinkClass } from './auth-card';
import { SignupForm } from './signup-form';
import { ThirdPartySignIn } from './third-party-sign-in';

/** /signup (product.md §2): provider button, OR, name, email and password, and a way to the login screen. */
export function SignupScreen() {
  const finishSignIn = useFinishSignIn();
  const [params] = useSearchParams();
  return (
    <AuthCard
      title="Join Turtle today"
      subtitle="Chat with an assistant that reads your notes, and learn with short audio lessons. Free to start."
      footer={
        <>
          Already have an account?{' '}
          <Link to={signInPath('/login', params.get('next'))} className={authLinkClass}>
            Log in now
          </Link>
        </>
      }
    >
      <ThirdPartySignIn onSignedIn={finishSignIn} />
      <SignupForm onSignedIn={finishSignIn} />
    </AuthCard>
  );
}
