import { ArrowRight, Headphones, MessagesSquare, NotebookPen, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { LESSON_COUNT, LESSON_SERIES_TITLE } from '@turtle/shared/constants';
import { CheckList } from '../../components/ui/check-list';
import { cn } from '../../lib/cn';
import { CONTAINER } from './layout';
import { SectionHeading } from './section-heading';

interface Highlight {
  icon: LucideIcon;
  title: string;
  text: string;
  points: string[];
}

const HIGHLIGHTS: Highlight[] = [
  {
    icon: MessagesSquare,
    title: 'Chat with your notes',
    text: 'Type @ in the composer, pick a note, and the assistant answers from it, then names the notes it used under Sources.',
    points: ['Streaming markdown replies', 'Code highlighting and copy buttons', 'Rename or delete conversations'],
  },
  {
    icon: Headphones,
    title: 'Lessons with a tutor',
    text: `“${LESSON_SERIES_TITLE}” is a ${LESSON_COUNT}-part audio series. Press “Wait, I have questions” and a tutor who knows where you are answers.`,
    points: ['Transcript follows along', 'Click a sentence to jump there', 'Resume where you left off'],
  },
  {
    icon: NotebookPen,
    title: 'Notes that stay yours',
    text: 'Personal notes kept on the server, sorted by when you last opened them and visible only to you.',
    points: ['Search as you type', 'Deleting always asks first', 'Unsaved changes aren’t lost'],
  },
];

export function FeatureGrid() {
  return (
    <section aria-labelledby="highlights-title" className="py-20 sm:py-28">
      <div className={CONTAINER}>
        <SectionHeading
          id="highlights-title"
          eyebrow="What you get"
          title="Three tools that work better together"
          intro="Your notes become context for the assistant, and every lesson comes with a tutor you can interrupt."
          centered
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {HIGHLIGHTS.map(({ icon: Icon, title, text, points }, index) => (
            <li
              key={title}
              className={cn(
                'flex flex-col rounded-2xl p-6 ring-1 sm:p-8',
                index === 0 ? 'bg-brand-50 ring-brand-100' : 'bg-white ring-slate-200',
              )}
            >
              <span className="grid size-11 place-items-center rounded-xl bg-brand-700 text-white shadow-sm">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{text}</p>
              <CheckList items={points} className="mt-5 space-y-2" />
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <Link
            to="/features"
            className="inline-flex items-center gap-1.5 rounded-md font-semibold text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            See all features
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </p>
      </div>
    </section>
  );
}
