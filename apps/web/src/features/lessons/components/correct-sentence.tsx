import { Pencil } from 'lucide-react';
import { useId, useState, type FormEvent, type RefObject } from 'react';
import type { TranscriptEntry } from '@turtle/shared/lesson';
import { lessonLength, OWN_LESSON_SENTENCE_MAX_LENGTH } from '@turtle/shared/own-lesson-helpers';
import { Button } from '../../../components/ui/button';
import { queryKeys } from '../../../lib/query/query-keys';
import { useServerMutation } from '../../../lib/query/use-server-mutation';
import { correctSentence } from '../api/own-lessons';

const startText = (ms: number) => `${lessonLength(ms)}.${Math.floor((ms % 1000) / 100)}`;

interface CorrectSentenceProps {
  lessonId: string;
  /** The sentence being corrected and where it is in the transcript. */
  index: number;
  entry: TranscriptEntry;
  audioRef: RefObject<HTMLAudioElement | null>;
  onClose: () => void;
}

/**
 * Correcting one sentence of a learner's own lesson (docs/decisions/046-own-lessons.md): its words, and its start set
 * to the moment now playing ("Set to now"), which the server keeps between the sentences around it.
 */
export function CorrectSentencePanel({ lessonId, index, entry, audioRef, onClose }: CorrectSentenceProps) {
  const id = useId();
  const [sentence, setSentence] = useState(entry.sentence);
  const [startMs, setStartMs] = useState(entry.startMs);
  const save = useServerMutation(
    () =>
      correctSentence({
        id: lessonId,
        index,
        ...(sentence.trim() !== entry.sentence ? { sentence } : {}),
        ...(startMs !== entry.startMs ? { startMs } : {}),
      }),
    { invalidates: [queryKeys.lesson(lessonId)] },
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sentence.trim() === entry.sentence && startMs === entry.startMs) return onClose();
    if (await save.run()) onClose();
  };
  return (
    <form
      aria-label="Correct a sentence"
      onSubmit={submit}
      className="flex flex-col gap-3 border-b border-slate-200 bg-slate-50 px-3 py-3 sm:px-4"
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Sentence {index + 1}
      </label>
      <textarea
        id={id}
        value={sentence}
        maxLength={OWN_LESSON_SENTENCE_MAX_LENGTH}
        rows={2}
        onChange={(event) => setSentence(event.target.value)}
        className="block w-full rounded-lg bg-white px-3 py-2 text-base text-slate-900 shadow-xs ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none sm:text-sm"
      />
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span className="tabular-nums">Starts at {startText(startMs)}</span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setStartMs(Math.round((audioRef.current?.currentTime ?? 0) * 1000))}
        >
          Set to now
        </Button>
      </div>
      {save.error && (
        <p role="alert" className="text-sm text-red-700">
          {save.error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={save.busy}>
          Save
        </Button>
        <Button variant="secondary" size="sm" onClick={onClose} disabled={save.busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The header's button that opens the panel for the sentence now playing. */
export function CorrectSentenceButton({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick} disabled={disabled}>
      <Pencil className="size-4 text-brand-700" aria-hidden="true" />
      <span className="hidden sm:inline">Correct sentence</span>
      <span className="sr-only sm:hidden">Correct sentence</span>
    </Button>
  );
}
