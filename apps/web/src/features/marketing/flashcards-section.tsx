import { ChartColumn, Download, Layers, Repeat, WandSparkles, type LucideIcon } from 'lucide-react';
import { CONTAINER } from './layout';
import { FREE_CARDS } from './plan-data';

const FEATURES: { icon: LucideIcon; title: string; text: string; soon?: boolean }[] = [
  {
    icon: WandSparkles,
    title: 'AI-generated flashcards',
    text: 'Make cards from a note, a chat reply or a lesson moment; check each draft.',
  },
  { icon: Repeat, title: 'Spaced repetition', text: 'FSRS schedules each card for when you are about to forget it.' },
  { icon: Layers, title: 'Multi-subject decks', text: 'One deck per subject; study one or all of them.' },
  { icon: Download, title: 'Import and export', text: 'CSV or an Anki package, with your review history.' },
  {
    icon: ChartColumn,
    title: 'Analytics (Pro)',
    text: 'How your memory is doing, deck by deck, and a schedule fitted to you.',
  },
];

/** Flashcards: what is built (decisions 012 and 013). */
export function FlashcardsSection() {
  return (
    <section id="flashcards" aria-labelledby="flashcards-title" className="scroll-mt-16 py-20 sm:py-24">
      <div className={CONTAINER}>
        <div className="rounded-3xl bg-brand-50/60 p-6 ring-1 ring-brand-100 sm:p-10 lg:p-12">
          <h2 id="flashcards-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Flashcards from what you learn
          </h2>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-pretty text-slate-600">
            Every card remembers where it came from: tap its chip to reopen the note, the chat reply, or the lesson at
            that very sentence.
          </p>
          <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text, soon }) => (
              <li key={title} className="flex flex-col gap-2 rounded-2xl bg-white px-4 py-4 ring-1 ring-slate-200">
                <span className="flex items-center gap-3 text-sm font-semibold text-slate-800">
                  <Icon className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
                  {title}
                </span>
                <span className="text-sm text-pretty text-slate-600">{text}</span>
                {soon && (
                  <span className="w-fit rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    Coming soon
                  </span>
                )}
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-slate-600">The Free plan holds up to {FREE_CARDS} cards; Pro has no limit.</p>
        </div>
      </div>
    </section>
  );
}
