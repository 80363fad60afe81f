import { Headphones, MessagesSquare, NotebookPen, Server } from 'lucide-react';
import { LESSON_COUNT, LESSON_DURATIONS, LESSON_SERIES_TITLE } from '@turtle/shared/constants';
import { CtaBand } from './cta-band';
import { FeatureSection, type FeaturePoint } from './feature-section';
import { FeaturesHero } from './features-hero';
import { NotesMock, SeriesOutline, TutorMock } from './feature-visuals';
import { FlashcardsSection } from './flashcards-section';
import { PlanComparison } from './plan-comparison';
import { ChatMock, LessonMock } from './product-mock';
import { SecuritySection } from './security-section';

const MODEL_HOSTS = ['OpenAI', 'Ollama', 'vLLM', 'llama.cpp'];

/** Each area's points, as [title, text]. */
const points = (pairs: [title: string, text: string][]): FeaturePoint[] =>
  pairs.map(([title, text]) => ({ title, text }));
const CHAT_POINTS = points([
  ['Streaming replies', 'Answers appear as they are written, no waiting for the whole reply.'],
  ['Markdown and code', 'Formatted replies with syntax-highlighted code and copy buttons.'],
  ['Conversations kept', 'Come back to any chat later, rename it, or delete it.'],
  ['Rich-text composer', 'Write naturally and drop in notes with an @ mention.'],
]);
const NOTES_POINTS = points([
  ['Search as you type', 'Results narrow with every letter you enter.'],
  ['Sorted by last access', 'What you worked on recently is always on top.'],
  ['Safe deletion', 'Turtle asks for confirmation before a note is deleted.'],
  ['No lost edits', 'Navigate away with unsaved changes and nothing is lost.'],
]);
const LESSON_POINTS = points([
  ['Synchronized transcript', 'The current sentence is highlighted as you listen.'],
  ['Click to jump', 'Click any sentence in the transcript to go straight there.'],
  ['A tutor with context', 'It knows where you are and cites moments like [02:15] you can click.'],
  ['Listen your way', 'Adjustable speed, keyboard shortcuts, and resume where you left off.'],
]);

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

/** Under the chat's points: the assistant works offline, or with an operator's own model. */
function OwnModelNote() {
  return (
    <div className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <p className="flex items-start gap-2 font-semibold text-slate-900">
        <Server className="mt-1 size-4 shrink-0 text-brand-700" aria-hidden="true" />
        Works out of the box, or with your own model
      </p>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">
        A built-in offline assistant answers from day one. Operators can connect any OpenAI-compatible model instead:
      </p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {MODEL_HOSTS.map((host) => (
          <li key={host} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700">
            {host}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /features: every feature area in detail, flashcards, and Free vs Pro. */
export function FeaturesPage() {
  return (
    <>
      <FeaturesHero />

      <FeatureSection
        id="chat"
        icon={MessagesSquare}
        eyebrow="AI chat"
        title="A chat assistant that reads the notes you point it to"
        intro="Type @ in the composer and pick one of your notes. The assistant answers using that note’s content and then names the notes it used under “Sources”, so you can check its work."
        points={CHAT_POINTS}
        visual={<ChatMock />}
      >
        <OwnModelNote />
      </FeatureSection>

      <FeatureSection
        id="notes"
        icon={NotebookPen}
        eyebrow="Notes"
        title="Notes that are easy to find and hard to lose"
        intro="Your notes are kept on the server, so they are there on any device you sign in from. The ones you opened last come first."
        points={NOTES_POINTS}
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
        points={LESSON_POINTS}
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
