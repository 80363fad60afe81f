import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { OWN_LESSON_TEXT_MAX_CHARS } from '@turtle/shared/own-lesson-helpers';
import { queryKeys } from '../../../lib/query/query-keys';
import { refuseInput, useServerMutation } from '../../../lib/query/use-server-mutation';
import { makeTextLesson } from '../api/own-lessons';
import { LessonSubmitRow, LessonTitleField } from './lesson-form-parts';

const TEXT_ACCEPT = '.txt,.md,.markdown,text/plain,text/markdown';

/**
 * "From text" on /lessons/new (docs/decisions/049-voicing-own-lessons.md): a title and a text, pasted or read from a
 * .txt or .md file, are voiced sentence by sentence in the background; the learner goes back to /lessons, where the
 * lesson's card shows the progress.
 */
export function NewTextLessonForm() {
  const navigate = useNavigate();
  const textId = useId();
  const fileId = useId();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [format, setFormat] = useState<'text' | 'markdown'>('text');
  const make = useServerMutation(
    async () => {
      if (!title.trim()) refuseInput('Give the lesson a title.');
      if (!text.trim()) refuseInput('Paste the text, or choose a text or markdown file.');
      const lesson = await makeTextLesson({ title, text, format });
      await navigate('/lessons');
      return lesson;
    },
    { invalidates: [queryKeys.ownLessons] },
  );
  const readFile = async (file: File | null) => {
    if (!file) return;
    setText(await file.text());
    setFormat(/\.(md|markdown)$/i.test(file.name) ? 'markdown' : 'text');
    if (!title.trim()) setTitle(file.name.replace(/\.[^.]+$/, ''));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void make.run();
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="New lesson from text">
      <LessonTitleField value={title} onChange={setTitle} placeholder="Why index funds" />
      <div>
        <label htmlFor={textId} className="block text-sm font-medium text-slate-800">
          Text
        </label>
        <p id={`${textId}-hint`} className="mt-0.5 text-sm text-slate-600">
          Paste it, or choose a file below. It is read aloud sentence by sentence; markdown is read as its words.
        </p>
        <textarea
          id={textId}
          value={text}
          maxLength={OWN_LESSON_TEXT_MAX_CHARS}
          aria-describedby={`${textId}-hint`}
          onChange={(event) => setText(event.target.value)}
          rows={8}
          className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm"
        />
        <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={format === 'markdown'}
            onChange={(event) => setFormat(event.target.checked ? 'markdown' : 'text')}
            className="size-4 rounded border-slate-300"
          />
          The text is markdown
        </label>
      </div>
      <div>
        <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
          Text file
        </label>
        <input
          id={fileId}
          type="file"
          accept={TEXT_ACCEPT}
          onChange={(event) => void readFile(event.target.files?.[0] ?? null)}
          className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:h-10 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:font-medium file:text-slate-900 hover:file:bg-slate-200"
        />
      </div>
      <LessonSubmitRow make={make} />
    </form>
  );
}
