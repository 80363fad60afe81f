import { Link, useSearchParams } from 'react-router';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { signInPath } from '../lib/safe-next-path';
import { AuthCard, authLinkClass } from './auth-card';
import { LoginForm } from './login-form';
import { ThirdPartySignIn } from './third-party-sign-in';

/** /login (product.md §2): provider button, OR, email and password, and a way to the signup screen. */
export function LoginScreen() {
  const finishSignIn = useFinishSignIn();
  const [params] = useSearchParams();
  return (
    <AuthCard
      title="Log in"
      subtitle="Welcome back. Your notes, chats and lessons are where you left them."
      footer={
        <>
          New to Turtle?{' '}
          <Link to={signInPath('/signup', params.get('next'))} className={authLinkClass}>
            Sign up now
          </Link>
        </>
      }
    >
      <ThirdPartySignIn onSignedIn={finishSignIn} />
      <LoginForm onSignedIn={finishSignIn} />
    </AuthCard>
  );
}
