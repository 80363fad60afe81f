import { useId, useMemo, type ReactNode } from 'react';
import type { ComposerMessage } from '@turtle/shared/conversation';
import { demoNoteName } from './demo-notes';
import { SanitizedHtml } from './sanitized-html';

function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h3 id={id} className="mb-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Everything a sent message carries: its text, the notes it mentions, its HTML (sanitized) and its editor state. */
export function SentMessageDetails({ message }: { message: ComposerMessage }) {
  const json = useMemo(
    () => (message.lexicalContent ? JSON.stringify(JSON.parse(message.lexicalContent), null, 2) : ''),
    [message.lexicalContent],
  );
  const noteIds = message.noteIds ?? [];
  return (
    <div className="flex flex-col gap-5">
      <Part title="Content">
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap text-slate-900 ring-1 ring-slate-200 ring-inset">
          {message.content}
        </p>
      </Part>
      <Part title="Mentioned notes">
        {noteIds.length === 0 ? (
          <p className="text-sm text-slate-500">None</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Mentioned notes">
            {noteIds.map((id) => (
              <li key={id} className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-800">
                {demoNoteName(id) ?? 'Unknown note'} <span className="font-mono text-brand-700/70">{id}</span>
              </li>
            ))}
          </ul>
        )}
      </Part>
      <Part title="HTML preview">
        <SanitizedHtml
          html={message.htmlContent ?? ''}
          className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-900"
        />
      </Part>
      <Part title="Lexical JSON">
        <pre className="max-h-80 overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs/5 text-slate-100">
          {json}
        </pre>
      </Part>
    </div>
  );
}
