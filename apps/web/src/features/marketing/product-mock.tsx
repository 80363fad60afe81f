import {
  AtSign,
  Check,
  FileText,
  Headphones,
  MessageCircleQuestionMark,
  MessagesSquare,
  Pause,
  Send,
} from 'lucide-react';
import { LESSON_DURATIONS, LESSON_SERIES_TITLE } from '@turtle/shared/constants';
import { TurtleMark } from '../../components/layout/logo';
import { cn } from '../../lib/cn';

const CARD = 'rounded-2xl bg-white shadow-xl shadow-slate-900/5 ring-1 ring-slate-900/10';

/** A note mention as the composer shows it. */
function MentionChip({ children }: { children: string }) {
  return (
    <span className="inline-flex items-center gap-0.5 rounded-md bg-brand-100 px-1.5 py-0.5 font-medium whitespace-nowrap text-brand-800">
      <AtSign className="size-3.5" aria-hidden="true" />
      {children}
    </span>
  );
}

/** A chat in which the user mentions a note and the assistant answers from it. Decorative. */
export function ChatMock({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn(CARD, 'overflow-hidden', className)}>
      <div className="flex items-center gap-2 border-b border-slate-100 px-4 py-3">
        <MessagesSquare className="size-4 text-brand-700" />
        <span className="truncate text-sm font-semibold text-slate-900">Index fund checklist</span>
        <span className="ml-auto flex gap-1.5">
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="size-2.5 rounded-full bg-slate-200" />
        </span>
      </div>
      <div className="space-y-5 p-4 sm:p-5">
        <p className="ml-auto max-w-[88%] rounded-2xl rounded-br-md bg-slate-100 px-4 py-3 text-sm leading-relaxed text-slate-800">
          What did I decide about fees in <MentionChip>Investing notes</MentionChip>? Make it a checklist.
        </p>
        <div className="flex gap-3">
          <TurtleMark className="size-7 shrink-0" />
          <div className="min-w-0 flex-1 text-sm leading-relaxed text-slate-700">
            <p>
              Here is what your note <strong className="font-semibold text-slate-900">Investing notes</strong> says:
            </p>
            <ul className="mt-2 space-y-1.5">
              {[
                'Keep yearly fund fees under 0.2%',
                'Prefer broad index funds to single stocks',
                'Invest the same amount every month',
              ].map((item) => (
                <li key={item} className="flex items-start gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-brand-600" />
                  {item}
                </li>
              ))}
            </ul>
            <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3 text-xs">
              <span className="font-semibold tracking-wide text-slate-500 uppercase">Sources</span>
              <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-700">
                <FileText className="size-3.5" />
                Investing notes
              </span>
            </div>
          </div>
        </div>
        <div className="flex items-center gap-2 rounded-xl border border-slate-200 py-2 pr-2 pl-3 text-sm text-slate-500">
          <span className="truncate">Ask anything, type @ to add a note</span>
          <span className="ml-auto grid size-8 shrink-0 place-items-center rounded-lg bg-brand-700 text-white">
            <Send className="size-4" />
          </span>
        </div>
      </div>
    </div>
  );
}

const SENTENCES = [
  'Compound growth means your returns start earning returns of their own.',
  'That is why starting early often matters more than starting big.',
  'Let us see what that looks like over thirty years.',
];

/** A lesson player with a synchronized transcript. Decorative. */
export function LessonMock({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn(CARD, 'p-4 sm:p-5', className)}>
      <div className="flex items-center gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
          <Headphones className="size-4.5" />
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900">{LESSON_SERIES_TITLE}</p>
          <p className="text-xs text-slate-500">Part 2 · Transcript</p>
        </div>
        <span className="ml-auto rounded-md bg-slate-100 px-2 py-1 text-xs font-semibold text-slate-600">1.25×</span>
      </div>
      <p className="mt-4 text-sm leading-relaxed text-slate-500">
        {SENTENCES.map((sentence, index) => (
          <span
            key={sentence}
            className={cn(index === 1 && 'rounded bg-brand-100 px-0.5 text-slate-900 box-decoration-clone')}
          >
            {sentence}{' '}
          </span>
        ))}
      </p>
      <div className="mt-4 flex items-center gap-3">
        <span className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-700 text-white">
          <Pause className="size-4" />
        </span>
        <span className="relative h-1.5 flex-1 rounded-full bg-slate-200">
          <span className="absolute inset-y-0 left-0 w-[48%] rounded-full bg-brand-600" />
        </span>
        <span className="text-xs text-slate-500 tabular-nums">02:15 / {LESSON_DURATIONS[1]}</span>
      </div>
      <div className="mt-4 flex items-center justify-between gap-3 rounded-xl bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800">
        <span className="flex items-center gap-2">
          <MessageCircleQuestionMark className="size-4" />
          Wait, I have questions
        </span>
        <kbd className="rounded border border-brand-200 bg-white px-1.5 font-sans text-xs text-brand-800">W</kbd>
      </div>
    </div>
  );
}

/** The hero's picture: a chat answering from a note, with a lesson card tucked underneath. */
export function ProductMock() {
  return (
    <div className="relative mx-auto w-full max-w-lg lg:max-w-none">
      <div
        aria-hidden="true"
        className="absolute inset-x-6 -inset-y-6 -z-10 rounded-[2.5rem] bg-linear-to-br from-brand-200/60 via-brand-100/40 to-transparent blur-2xl"
      />
      <p className="sr-only">
        Example: a user mentions the note Investing notes in a chat, and the assistant answers with a checklist and
        lists the note under Sources. Below it, a lesson transcript highlights the sentence being spoken.
      </p>
      <ChatMock />
      <LessonMock className="relative mt-4 sm:ml-12 lg:-mt-4 lg:-ml-8 lg:mr-12" />
    </div>
  );
}
