import { ArrowLeft } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { OWN_LESSON_TITLE_MAX_LENGTH } from '@turtle/shared/own-lesson-helpers';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { toLoadState } from '../../../lib/query/load-state';
import { queryKeys } from '../../../lib/query/query-keys';
import { refuseInput, useServerMutation } from '../../../lib/query/use-server-mutation';
import { useServerQuery } from '../../../lib/query/use-server-query';
import { makeOwnLesson, ownLessonsQuery } from '../api/own-lessons';
import { AllowanceLine } from './own-lessons-section';

const AUDIO_ACCEPT = 'audio/*,.mp3,.m4a,.aac,.ogg,.oga,.opus,.wav,.webm';
const TRANSCRIPT_ACCEPT = '.vtt,.srt,text/vtt';

const STEP_TEXT = { uploading: 'Uploading the audio…', making: 'Reading the transcript…' } as const;

function FileField(props: { label: string; hint: string; accept: string; onFile: (file: File | null) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
        {props.hint}
      </p>
      <input
        id={id}
        type="file"
        accept={props.accept}
        aria-describedby={`${id}-hint`}
        onChange={(event) => props.onFile(event.target.files?.[0] ?? null)}
        className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:h-10 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:font-medium file:text-slate-900 hover:file:bg-slate-200"
      />
    </div>
  );
}

/**
 * /lessons/new (docs/decisions/046-own-lessons.md): a title, an audio file and its WebVTT or SRT transcript make a
 * lesson of the learner's own, which opens in the player once made. The plan's allowance is shown before the upload,
 * and a refusal says what to fix (or where to upgrade).
 */
export function NewLessonScreen() {
  const navigate = useNavigate();
  const allowance = toLoadState(useServerQuery(ownLessonsQuery));
  const [title, setTitle] = useState('');
  const [audio, setAudio] = useState<File | null>(null);
  const [transcript, setTranscript] = useState<File | null>(null);
  const [step, setStep] = useState<keyof typeof STEP_TEXT | null>(null);
  const make = useServerMutation(
    async () => {
      if (!title.trim()) refuseInput('Give the lesson a title.');
      if (!audio) refuseInput('Choose the audio file.');
      if (!transcript) refuseInput('Choose the transcript file (.vtt or .srt).');
      try {
        const lesson = await makeOwnLesson({ title, audio, transcript }, setStep);
        await navigate(`/learn/${lesson.id}`);
        return lesson;
      } finally {
        setStep(null);
      }
    },
    { invalidates: [queryKeys.ownLessons] },
  );
  const limitHit = make.failure instanceof ApiError && make.failure.code === 'lessonLimitReached';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void make.run();
  };

  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <div>
        <Link
          to="/lessons"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Lessons
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">New lesson</h1>
        <p className="mt-1 text-slate-600">
          An audio file with its transcript (the captions a podcast publishes, or any WebVTT or SRT file) becomes a
          lesson that plays with its transcript, with the tutor beside it.
        </p>
        {allowance.status === 'ready' && (
          <div className="mt-2">
            <AllowanceLine allowance={allowance.data.allowance} />
          </div>
        )}
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <TextField
          label="Title"
          value={title}
          maxLength={OWN_LESSON_TITLE_MAX_LENGTH}
          onChange={(event) => setTitle(event.target.value)}
          placeholder="Episode 12: Index funds"
        />
        <FileField
          label="Audio"
          hint="MP3, M4A (AAC), Ogg or Opus, WAV or WebM, up to 500 MB."
          accept={AUDIO_ACCEPT}
          onFile={setAudio}
        />
        <FileField
          label="Transcript"
          hint="A WebVTT (.vtt) or SRT (.srt) file with the times of what is said."
          accept={TRANSCRIPT_ACCEPT}
          onFile={setTranscript}
        />
        {make.error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
            {make.error}{' '}
            {limitHit && (
              <Link to="/pricing" className="font-medium underline">
                See Pro
              </Link>
            )}
          </p>
        )}
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={make.busy} aria-busy={make.busy || undefined}>
            {make.busy && <Spinner />}
            Make lesson
          </Button>
          <p aria-live="polite" className="text-sm text-slate-600">
            {step ? STEP_TEXT[step] : ''}
          </p>
        </div>
      </form>
    </section>
  );
}
