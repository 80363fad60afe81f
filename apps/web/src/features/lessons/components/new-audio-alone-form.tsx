import { Info } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../../lib/query/query-keys';
import { refuseInput, useServerMutation } from '../../../lib/query/use-server-mutation';
import { makeAudioLesson } from '../api/own-lessons';
import { AUDIO_ACCEPT, AUDIO_HINT, FileField, LessonSubmitRow, LessonTitleField } from './lesson-form-parts';

const ENV_VARS = ['STT_BASE_URL', 'STT_API_KEY', 'STT_MODEL'] as const;

/** Why there is no form: no speech-to-text on this server, and how whoever runs it sets one up. */
function NoTranscription() {
  return (
    <div role="note" className="flex gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
      <Info className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="flex flex-col gap-2">
        <p className="font-medium text-slate-900">This server has no speech-to-text service set up.</p>
        <p>
          A lesson from audio alone needs one to write down what is said, with its times. Whoever runs this server sets
          it up with{' '}
          {ENV_VARS.map((name, index) => (
            <span key={name}>
              {index > 0 && (index === ENV_VARS.length - 1 ? ' and ' : ', ')}
              <code className="rounded bg-slate-200 px-1 py-0.5 text-xs text-slate-900">{name}</code>
            </span>
          ))}
          : any OpenAI-compatible <code className="text-xs">/v1/audio/transcriptions</code> (OpenAI, speaches, LocalAI),
          as docs/configuration.md says.
        </p>
        <p>Until then, make the lesson from the audio and its transcript, or from a text.</p>
      </div>
    </div>
  );
}

/**
 * "Audio alone" on /lessons/new (docs/decisions/051-transcribing-own-lessons.md): a title and an audio file, uploaded
 * and transcribed in the background by the server's speech-to-text; the learner goes back to /lessons, where the
 * lesson's card shows "Transcribing 3:10 of 24:00". Without a service, it says so and how to set one up.
 */
export function NewAudioAloneForm({ transcription }: { transcription: boolean | null }) {
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [audio, setAudio] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const make = useServerMutation(
    async () => {
      if (!title.trim()) refuseInput('Give the lesson a title.');
      if (!audio) refuseInput('Choose the audio file.');
      try {
        const lesson = await makeAudioLesson({ title, audio }, () => setUploading(true));
        await navigate('/lessons');
        return lesson;
      } finally {
        setUploading(false);
      }
    },
    { invalidates: [queryKeys.ownLessons] },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void make.run();
  };
  if (transcription === false) return <NoTranscription />;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="New lesson from audio alone">
      <LessonTitleField value={title} onChange={setTitle} placeholder="Lecture 3: Bonds" />
      <FileField
        label="Audio"
        hint={`${AUDIO_HINT} What is said is written down with its times by speech-to-text.`}
        accept={AUDIO_ACCEPT}
        onFile={setAudio}
      />
      <LessonSubmitRow make={make} step={uploading ? 'Uploading the audio…' : ''} />
    </form>
  );
}
