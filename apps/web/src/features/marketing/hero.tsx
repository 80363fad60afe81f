import { ArrowRight, Headphones, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { selectIsSignedIn, useTurtleStore } from '../../lib/turtle-store';
import { CONTAINER } from './layout';
import { count, FREE_DAILY_REPLIES, FREE_PRICE } from './plan-data';
import { ProductMock } from './product-mock';

export function Hero() {
  // Decision 019: a member is offered their work, not a signup.
  const signedIn = useTurtleStore(selectIsSignedIn);
  const Title = signedIn ? 'h2' : 'h1';
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-linear-to-b from-brand-50 via-white to-white"
    >
      <div
        aria-hidden="true"
        className="absolute -top-48 right-0 -z-10 size-[40rem] translate-x-1/3 rounded-full bg-brand-100/70 blur-3xl"
      />
      <div className={cn(CONTAINER, 'grid items-center gap-14 pt-14 pb-20 sm:pt-20 sm:pb-24 lg:grid-cols-2 lg:gap-10')}>
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm ring-1 ring-brand-200">
            <Sparkles className="size-4" aria-hidden="true" />
            Chat, notes and audio lessons
          </p>
          {/* A signed-in person's page already has its title, their home's, above the pitch. */}
          <Title
            id="hero-title"
            className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl"
          >
            An AI study partner that reads your notes
          </Title>
          <p className="mx-auto mt-6 max-w-xl text-lg leading-relaxed text-pretty text-slate-600 lg:mx-0">
            Mention a note with @ and Turtle’s assistant answers from it, then shows its sources. Learning something
            new? Play a short audio lesson and ask the tutor the moment a question comes up.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Link to={signedIn ? '/chats' : '/signup'} className={buttonClass('primary', 'lg')}>
              {signedIn ? 'Open your chats' : 'Get started free'}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
            <Link to="/lessons" className={buttonClass('secondary', 'lg')}>
              <Headphones className="size-4" aria-hidden="true" />
              Try a lesson
            </Link>
          </div>
          <p className="mt-5 text-sm text-slate-600">
            Free plan: {FREE_PRICE}/month with {count(FREE_DAILY_REPLIES)} assistant replies a day.
          </p>
        </div>
        <ProductMock />
      </div>
    </section>
  );
}
