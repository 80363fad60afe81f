import { useId } from 'react';
import { Link } from 'react-router';
import { OWN_LESSON_TITLE_MAX_LENGTH } from '@turtle/shared/own-lesson-helpers';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';

/** The parts every way in on /lessons/new shares (docs/decisions/046-own-lessons.md): a title, a file, the submit row. */

export const AUDIO_ACCEPT = 'audio/*,.mp3,.m4a,.aac,.ogg,.oga,.opus,.wav,.webm';
export const AUDIO_HINT = 'MP3, M4A (AAC), Ogg or Opus, WAV or WebM, up to 500 MB.';

export function LessonTitleField(props: { value: string; onChange: (title: string) => void; placeholder: string }) {
  return (
    <TextField
      label="Title"
      value={props.value}
      maxLength={OWN_LESSON_TITLE_MAX_LENGTH}
      onChange={(event) => props.onChange(event.target.value)}
      placeholder={props.placeholder}
    />
  );
}

export function FileField(props: {
  label: string;
  hint?: string;
  accept: string;
  onFile: (file: File | null) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {props.label}
      </label>
      {props.hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
          {props.hint}
        </p>
      )}
      <input
        id={id}
        type="file"
        accept={props.accept}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onChange={(event) => props.onFile(event.target.files?.[0] ?? null)}
        className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:h-10 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:font-medium file:text-slate-900 hover:file:bg-slate-200"
      />
    </div>
  );
}

/**
 * The failure (with "See Pro" when the plan is what refused), "Make lesson", and the step under way, if any.
 */
export function LessonSubmitRow(props: {
  make: { busy: boolean; error: string | null | undefined; failure: unknown };
  step?: string;
}) {
  const { make } = props;
  const limitHit = make.failure instanceof ApiError && make.failure.code === 'lessonLimitReached';
  return (
    <>
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
        {props.step !== undefined && (
          <p aria-live="polite" className="text-sm text-slate-600">
            {props.step}
          </p>
        )}
      </div>
    </>
  );
}
