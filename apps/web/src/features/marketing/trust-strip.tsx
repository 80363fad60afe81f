import { Cookie, KeyRound, Lock, type LucideIcon } from 'lucide-react';
import { CONTAINER } from './layout';

const POINTS: { icon: LucideIcon; text: string }[] = [
  { icon: KeyRound, text: 'Passwords hashed with argon2id' },
  { icon: Cookie, text: 'Sessions in HttpOnly cookies' },
  { icon: Lock, text: 'Notes visible only to you' },
];

/** A quiet row of true security facts under the hero. */
export function TrustStrip() {
  return (
    <div className="border-y border-slate-200 bg-white">
      <ul
        className={`${CONTAINER} flex flex-col items-center gap-3 py-6 text-sm text-slate-600 sm:flex-row sm:justify-center sm:gap-10`}
      >
        {POINTS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-2">
            <Icon className="size-4 text-brand-700" aria-hidden="true" />
            {text}
          </li>
        ))}
      </ul>
    </div>
  );
}
