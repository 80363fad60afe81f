import { ChartColumn, Download, Layers, Repeat, WandSparkles, type LucideIcon } from 'lucide-react';
import { CONTAINER } from './layout';
import { FREE_CARDS } from './plan-data';

const PLANNED: { icon: LucideIcon; title: string }[] = [
  { icon: WandSparkles, title: 'AI-generated flashcards' },
  { icon: Repeat, title: 'Spaced repetition' },
  { icon: Layers, title: 'Multi-subject decks' },
  { icon: Download, title: 'Export' },
  { icon: ChartColumn, title: 'Analytics' },
];

/** Flashcards are not built yet; this section says so plainly. */
export function FlashcardsSection() {
  return (
    <section id="flashcards" aria-labelledby="flashcards-title" className="scroll-mt-16 py-20 sm:py-24">
      <div className={CONTAINER}>
        <div className="rounded-3xl border-2 border-dashed border-brand-300 bg-brand-50/50 p-6 sm:p-10 lg:p-12">
          <p className="inline-flex items-center rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">
            Coming soon · not available yet
          </p>
          <h2 id="flashcards-title" className="mt-5 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Coming soon: flashcards
          </h2>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-pretty text-slate-600">
            We are building flashcards into Turtle. They are not available yet; this is what we are working on:
          </p>
          <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
            {PLANNED.map(({ icon: Icon, title }) => (
              <li
                key={title}
                className="flex items-center gap-3 rounded-2xl bg-white px-4 py-4 text-sm font-semibold text-slate-800 ring-1 ring-slate-200"
              >
                <Icon className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
                {title}
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-slate-600">
            When flashcards launch, the Free plan will include up to {FREE_CARDS} cards.
          </p>
        </div>
      </div>
    </section>
  );
}
