import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { selectIsSignedIn, useTurtleStore } from '../../lib/turtle-store';
import { CONTAINER } from './layout';

interface CtaBandProps {
  title: string;
  text: string;
  /** The quieter second link, for example to /pricing. */
  secondary: { to: string; label: string };
  /** Extra classes for the section, such as a background that continues the one above. */
  className?: string;
}

/** The closing call to action: a dark teal card with a sign-up button and one more link. */
export function CtaBand({ title, text, secondary, className }: CtaBandProps) {
  const signedIn = useTurtleStore(selectIsSignedIn);
  return (
    <section aria-labelledby="cta-title" className={cn('pb-20 sm:pb-28', className)}>
      <div className={CONTAINER}>
        <div className="relative isolate overflow-hidden rounded-3xl bg-brand-900 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_20%_0%,rgb(20_184_166/0.45),transparent_55%),radial-gradient(circle_at_90%_100%,rgb(45_212_191/0.25),transparent_50%)]"
          />
          <h2
            id="cta-title"
            className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
          >
            {title}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-brand-100">{text}</p>
          <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row sm:gap-6">
            <Link to={signedIn ? '/chats' : '/signup'} className={buttonClass('secondary', 'lg', 'w-full sm:w-auto')}>
              {signedIn ? 'Open your chats' : 'Get started free'}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
            <Link
              to={secondary.to}
              className="inline-flex h-12 items-center gap-1.5 rounded-lg px-4 font-semibold text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              {secondary.label}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
