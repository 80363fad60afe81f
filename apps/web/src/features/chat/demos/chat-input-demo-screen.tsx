import { useRef, useState } from 'react';
import { CHAT_INPUT_REFOCUS_DELAY_MS } from '@turtle/shared/constants';
import type { ComposerMessage } from '@turtle/shared/conversation';
import { Composer, type ComposerHandle } from '../composer/composer';
import { DEMO_NOTES } from './demo-notes';
import { SentMessageDetails } from './sent-message-details';

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 rounded border-slate-300 accent-brand-700"
      />
      {label}
    </label>
  );
}

/** /demo/lexical_mentions ("Demo: Chat Input", product.md §2): the chat composer with the demo notes, and what it sent. */
export function ChatInputDemoScreen() {
  const [sent, setSent] = useState<ComposerMessage | null>(null);
  const [notesLoading, setNotesLoading] = useState(false);
  const [streaming, setStreaming] = useState(false);
  const composerRef = useRef<ComposerHandle>(null);

  // As on the chat screen: when the reply ends, the composer takes the focus back (not on touch devices).
  const setReplyStreaming = (on: boolean) => {
    setStreaming(on);
    if (!on && !window.matchMedia('(pointer: coarse)').matches) {
      setTimeout(() => composerRef.current?.focus(), CHAT_INPUT_REFOCUS_DELAY_MS);
    }
  };

  return (
    <section className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Demo: Chat Input</h1>
        <p className="mt-1 text-sm text-slate-600">
          The chat composer. Type <kbd className="rounded bg-slate-100 px-1 font-mono text-slate-800">@</kbd> to mention
          one of the demo notes; Enter sends and Shift+Enter adds a line.
        </p>
      </div>

      <div className="flex flex-col gap-3">
        <Composer
          ref={composerRef}
          notes={DEMO_NOTES}
          notesLoading={notesLoading}
          disabled={streaming}
          onSend={setSent}
        />
        <div className="flex flex-wrap gap-x-6 gap-y-2 px-1">
          <Toggle label="Notes still loading" checked={notesLoading} onChange={setNotesLoading} />
          <Toggle label="Reply streaming (sending blocked)" checked={streaming} onChange={setReplyStreaming} />
        </div>
      </div>

      <section aria-labelledby="demo-sent" className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5">
        <h2 id="demo-sent" className="mb-4 text-base font-semibold text-slate-900">
          Last message sent
        </h2>
        {sent ? (
          <SentMessageDetails message={sent} />
        ) : (
          <p className="text-sm text-slate-500">Nothing sent yet. Send a message to see its content, HTML and JSON.</p>
        )}
      </section>
    </section>
  );
}
