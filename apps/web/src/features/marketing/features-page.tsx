import { Headphones, MessagesSquare, NotebookPen, Server } from 'lucide-react';
import { LESSON_COUNT, LESSON_DURATIONS, LESSON_SERIES_TITLE } from '@turtle/shared/constants';
import { cn } from '../../lib/cn';
import { CtaBand } from './cta-band';
import { FeatureSection } from './feature-section';
import { NotesMock, SeriesOutline, TutorMock } from './feature-visuals';
import { FlashcardsSection } from './flashcards-section';
import { CONTAINER } from './layout';
import { PlanComparison } from './plan-comparison';
import { ChatMock, LessonMock } from './product-mock';
import { SecuritySection } from './security-section';

const JUMP_LINKS = [
  { href: '#chat', label: 'AI chat' },
  { href: '#notes', label: 'Notes' },
  { href: '#lessons', label: 'Lessons' },
  { href: '#privacy', label: 'Privacy' },
  { href: '#flashcards', label: 'Flashcards' },
  { href: '#plans', label: 'Plans' },
];

const MODEL_HOSTS = ['OpenAI', 'Ollama', 'vLLM', 'llama.cpp'];

/** "3:37" -> 217 */
const toSeconds = (duration: string) => {
  const [minutes = 0, secs = 0] = duration.split(':').map(Number);
  return minutes * 60 + secs;
};
/** Seconds to the nearest half minute: 217 -> "3½". */
const halfMinutes = (secs: number) => {
  const halves = Math.round(secs / 30);
  return `${Math.floor(halves / 2)}${halves % 2 ? '½' : ''}`;
};
const lessonSeconds = LESSON_DURATIONS.map(toSeconds);
const SHORTEST = halfMinutes(Math.min(...lessonSeconds));
const LONGEST = halfMinutes(Math.max(...lessonSeconds));

/** /features: every feature area in detail, flashcards, and Free vs Pro. */
export function FeaturesPage() {
  return (
    <>
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
            An AI assistant that answers from your notes, a place to keep those notes, and audio lessons with a tutor
            you can stop and ask. Here is how each part works.
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

      <FeatureSection
        id="chat"
        icon={MessagesSquare}
        eyebrow="AI chat"
        title="A chat assistant that reads the notes you point it to"
        intro="Type @ in the composer and pick one of your notes. The assistant answers using that note’s content and then names the notes it used under “Sources”, so you can check its work."
        points={[
          { title: 'Streaming replies', text: 'Answers appear as they are written, no waiting for the whole reply.' },
          { title: 'Markdown and code', text: 'Formatted replies with syntax-highlighted code and copy buttons.' },
          { title: 'Conversations kept', text: 'Come back to any chat later, rename it, or delete it.' },
          { title: 'Rich-text composer', text: 'Write naturally and drop in notes with an @ mention.' },
        ]}
        visual={<ChatMock />}
      >
        <div className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <p className="flex items-start gap-2 font-semibold text-slate-900">
            <Server className="mt-1 size-4 shrink-0 text-brand-700" aria-hidden="true" />
            Works out of the box, or with your own model
          </p>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">
            A built-in offline assistant answers from day one. Operators can connect any OpenAI-compatible model
            instead:
          </p>
          <ul className="mt-3 flex flex-wrap gap-2">
            {MODEL_HOSTS.map((host) => (
              <li key={host} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700">
                {host}
              </li>
            ))}
          </ul>
        </div>
      </FeatureSection>

      <FeatureSection
        id="notes"
        icon={NotebookPen}
        eyebrow="Notes"
        title="Notes that are easy to find and hard to lose"
        intro="Your notes are kept on the server, so they are there on any device you sign in from. The ones you opened last come first."
        points={[
          { title: 'Search as you type', text: 'Results narrow with every letter you enter.' },
          { title: 'Sorted by last access', text: 'What you worked on recently is always on top.' },
          { title: 'Safe deletion', text: 'Turtle asks for confirmation before a note is deleted.' },
          { title: 'No lost edits', text: 'Navigate away with unsaved changes and nothing is lost.' },
        ]}
        visual={<NotesMock />}
        reverse
        tinted
      />

      <FeatureSection
        id="lessons"
        icon={Headphones}
        eyebrow="Audio lessons"
        title="Lessons that stop when you have a question"
        intro={`“${LESSON_SERIES_TITLE}” is a ${LESSON_COUNT}-part audio mini-series, each lesson about ${SHORTEST} to ${LONGEST} minutes long. Press “Wait, I have questions” or the W key: the lesson pauses and a tutor opens beside it.`}
        points={[
          { title: 'Synchronized transcript', text: 'The current sentence is highlighted as you listen.' },
          { title: 'Click to jump', text: 'Click any sentence in the transcript to go straight there.' },
          {
            title: 'A tutor with context',
            text: 'It knows where you are and cites moments like [02:15] you can click.',
          },
          { title: 'Listen your way', text: 'Adjustable speed, keyboard shortcuts, and resume where you left off.' },
        ]}
        visual={
          <div className="grid gap-4">
            <LessonMock />
            <TutorMock />
          </div>
        }
      >
        <SeriesOutline />
      </FeatureSection>

      <SecuritySection />
      <FlashcardsSection />
      <PlanComparison />

      <CtaBand
        className="bg-slate-50"
        title="Try it on your own notes"
        text="Create a free account, write a note, and ask the assistant about it. Upgrade when you need more replies."
        secondary={{ to: '/pricing', label: 'See pricing' }}
      />
    </>
  );
}
