import { Cookie, KeyRound, Lock, LogIn, ShieldCheck, type LucideIcon } from 'lucide-react';
import { CONTAINER } from './layout';

const FACTS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: KeyRound,
    title: 'Passwords hashed with argon2id',
    text: 'We store a slow, salted hash of your password, never the password itself.',
  },
  {
    icon: Cookie,
    title: 'Sessions in HttpOnly cookies',
    text: 'Scripts running in the page cannot read your session cookie.',
  },
  {
    icon: Lock,
    title: 'Notes visible only to you',
    text: 'Every note belongs to one account, and only its owner can open it.',
  },
  {
    icon: LogIn,
    title: 'Email or “Continue with”',
    text: 'Sign in with your email and password, or continue with a sign-in provider.',
  },
];

export function SecuritySection() {
  return (
    <section id="privacy" aria-labelledby="privacy-title" className="scroll-mt-16 bg-brand-950 py-20 sm:py-24">
      <div className={CONTAINER}>
        <div className="max-w-2xl">
          <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-brand-300 uppercase">
            <ShieldCheck className="size-5" aria-hidden="true" />
            Privacy and security
          </p>
          <h2 id="privacy-title" className="mt-4 text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            Your account and notes, kept private
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-300">
            The basics done properly, so the notes you share with the assistant stay yours.
          </p>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2">
          {FACTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
              <Icon className="size-6 text-brand-300" aria-hidden="true" />
              <h3 className="mt-4 font-semibold text-white">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-300">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
