import { cn } from '../../lib/cn';
import { CONTAINER } from './layout';

const JUMP_LINKS = [
  { href: '#chat', label: 'AI chat' },
  { href: '#notes', label: 'Notes' },
  { href: '#lessons', label: 'Lessons' },
  { href: '#privacy', label: 'Privacy' },
  { href: '#flashcards', label: 'Flashcards' },
  { href: '#plans', label: 'Plans' },
];

/** The top of /features: its title, what Turtle is in two lines, and a link to each area below. */
export function FeaturesHero() {
  return (
    <section
      aria-labelledby="features-title"
      className="relative isolate overflow-hidden bg-linear-to-b from-brand-50 via-white to-white"
    >
      <div
        aria-hidden="true"
        className="absolute -top-56 left-1/2 -z-10 size-[44rem] -translate-x-1/2 rounded-full bg-brand-100/60 blur-3xl"
      />
      <div className={cn(CONTAINER, 'pt-16 pb-12 text-center sm:pt-24 sm:pb-16')}>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Features</p>
        <h1
          id="features-title"
          className="mx-auto mt-4 max-w-3xl text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
        >
          Everything Turtle does
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-slate-600">
          An AI assistant that answers from your notes, a place to keep those notes, and audio lessons with a tutor you
          can stop and ask. Here is how each part works.
        </p>
        <nav aria-label="On this page" className="mt-10">
          <ul className="flex flex-wrap justify-center gap-2">
            {JUMP_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className="inline-flex rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-200 hover:text-brand-800 hover:ring-brand-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}
