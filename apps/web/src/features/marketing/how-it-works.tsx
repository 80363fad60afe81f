import { AtSign, NotebookPen, UserPlus, type LucideIcon } from 'lucide-react';
import { CONTAINER } from './layout';
import { SectionHeading } from './section-heading';

const STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: UserPlus,
    title: 'Create your free account',
    text: 'Sign up with your email, or use a “Continue with” provider.',
  },
  {
    icon: NotebookPen,
    title: 'Write a few notes',
    text: 'Class notes, plans, ideas. Find any of them again by typing a few letters.',
  },
  {
    icon: AtSign,
    title: 'Ask with @',
    text: 'Mention a note in chat and get an answer built on it, with the note named as a source.',
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="bg-slate-50 py-20 sm:py-24">
      <div className={CONTAINER}>
        <SectionHeading id="how-title" eyebrow="How it works" title="Up and running in three steps" centered />
        <ol className="mt-14 grid gap-6 md:grid-cols-3 md:gap-8">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
              <div className="flex items-center gap-3">
                <span className="grid size-10 place-items-center rounded-full bg-brand-700 text-sm font-bold text-white">
                  {index + 1}
                </span>
                <Icon className="size-5 text-brand-700" aria-hidden="true" />
              </div>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
