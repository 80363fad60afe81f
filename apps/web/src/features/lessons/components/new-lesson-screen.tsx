import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toLoadState } from '../../../lib/query/load-state';
import { queryKeys } from '../../../lib/query/query-keys';
import { refuseInput, useServerMutation } from '../../../lib/query/use-server-mutation';
import { useServerQuery } from '../../../lib/query/use-server-query';
import { makeOwnLesson, ownLessonsQuery } from '../api/own-lessons';
import { AllowanceLine } from './own-lessons-section';
import { NewTextLessonForm } from './new-text-lesson-form';
import { NewAudioAloneForm } from './new-audio-alone-form';
import { AUDIO_ACCEPT, AUDIO_HINT, FileField, LessonSubmitRow, LessonTitleField } from './lesson-form-parts';

const TRANSCRIPT_ACCEPT = '.vtt,.srt,text/vtt';

const STEP_TEXT = { uploading: 'Uploading the audio…', making: 'Reading the transcript…' } as const;

/**
 * /lessons/new (docs/decisions/046-own-lessons.md): a title, an audio file and its WebVTT or SRT transcript make a
 * lesson of the learner's own, which opens in the player once made. The plan's allowance is shown before the upload,
 * and a refusal says what to fix (or where to upgrade). Beside it, a text voiced (decision 049) and an audio file
 * alone transcribed (decision 051).
 */
export function NewLessonScreen() {
  const navigate = useNavigate();
  const allowance = toLoadState(useServerQuery(ownLessonsQuery));
  const [title, setTitle] = useState('');
  const [audio, setAudio] = useState<File | null>(null);
  const [transcript, setTranscript] = useState<File | null>(null);
  const [step, setStep] = useState<keyof typeof STEP_TEXT | null>(null);
  const [from, setFrom] = useState<'audio' | 'text' | 'alone'>('audio');
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
          An audio file with its transcript (the captions a podcast publishes, or any WebVTT or SRT file), an audio file
          alone, written down by speech-to-text, or a text read aloud becomes a lesson that plays with its transcript,
          with the tutor beside it.
        </p>
        {allowance.status === 'ready' && (
          <div className="mt-2">
            <AllowanceLine allowance={allowance.data.allowance} />
          </div>
        )}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-800">Make it from</legend>
        <div className="flex flex-wrap gap-2">
          {(
            [
              ['audio', 'Audio and its transcript'],
              ['text', 'Text'],
              ['alone', 'Audio alone'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-900 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
            >
              <input
                type="radio"
                name="new-lesson-from"
                value={value}
                checked={from === value}
                onChange={() => setFrom(value)}
                className="size-4"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {from === 'text' ? (
        <NewTextLessonForm />
      ) : from === 'alone' ? (
        <NewAudioAloneForm transcription={allowance.status === 'ready' ? allowance.data.transcription : null} />
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <LessonTitleField value={title} onChange={setTitle} placeholder="Episode 12: Index funds" />
          <FileField label="Audio" hint={AUDIO_HINT} accept={AUDIO_ACCEPT} onFile={setAudio} />
          <FileField
            label="Transcript"
            hint="A WebVTT (.vtt) or SRT (.srt) file with the times of what is said."
            accept={TRANSCRIPT_ACCEPT}
            onFile={setTranscript}
          />
          <LessonSubmitRow make={make} step={step ? STEP_TEXT[step] : ''} />
        </form>
      )}
    </section>
  );
}
