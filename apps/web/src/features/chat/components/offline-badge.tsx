import { Info } from 'lucide-react';
import { useId, useState } from 'react';
import { usePublicConfig } from '../../../lib/public-config-store';

/** rules.md: the built-in offline assistant is always labelled, with how to connect a real model. */
export function OfflineBadge() {
  const assistant = usePublicConfig((state) => state.assistant);
  const [open, setOpen] = useState(false);
  const id = useId();
  if (assistant !== 'offline') return null;
  return (
    <div className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        onBlur={() => setOpen(false)}
        className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-800 ring-1 ring-amber-200 ring-inset hover:bg-amber-100"
      >
        <Info aria-hidden className="size-3.5" />
        Offline assistant
      </button>
      {open && (
        <p
          id={id}
          role="note"
          className="absolute top-full right-0 z-30 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-3 text-xs leading-relaxed text-slate-600 shadow-lg"
        >
          Replies come from Turtle&rsquo;s built-in offline assistant: it works without a network and answers from the
          notes you mention. To connect a real model, set <code>LLM_BASE_URL</code>, <code>LLM_API_KEY</code> and{' '}
          <code>LLM_MODEL</code> on the server (any OpenAI-compatible API, such as OpenAI, Ollama or vLLM).
        </p>
      )}
    </div>
  );
}
