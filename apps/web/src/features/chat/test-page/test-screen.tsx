import { CircleAlert, Send, Square } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useTestStream } from './use-test-stream';

/**
 * /test (product.md §2): the small streaming test screen. A textarea, Send (reading "Streaming..." while a reply streams),
 * Stop, and an output box that fills token by token from `POST /api/test/stream`.
 */
export function TestScreen() {
  const [message, setMessage] = useState('');
  const { output, error, status, streaming, send, stop } = useTestStream();
  const ids = { message: useId(), output: useId() };
  const canSend = !streaming && message.trim() !== '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSend) void send(message);
  };
  // Ctrl+Enter / Cmd+Enter sends; Enter alone is a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && canSend) {
      event.preventDefault();
      void send(message);
    }
  };

  return (
    <section className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Streaming test</h1>
        <p className="mt-1 text-sm text-slate-600">
          Sends one message to the assistant and shows its reply as it streams in.
        </p>
      </div>

      <form onSubmit={onSubmit} className="flex flex-col gap-3">
        <label htmlFor={ids.message} className="text-sm font-medium text-slate-800">
          Message
        </label>
        <textarea
          id={ids.message}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          onKeyDown={onKeyDown}
          rows={4}
          placeholder="Ask the assistant something..."
          className="block w-full resize-y rounded-lg bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-brand-600 focus:outline-none focus:ring-inset sm:text-sm"
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" disabled={!canSend} className="min-w-32">
            {streaming ? <Spinner /> : <Send className="size-4" aria-hidden="true" />}
            {streaming ? 'Streaming...' : 'Send'}
          </Button>
          <Button variant="secondary" onClick={stop} disabled={!streaming}>
            <Square className="size-3.5 fill-current" aria-hidden="true" />
            Stop
          </Button>
          <span className="ml-auto hidden text-xs text-slate-500 sm:inline">Ctrl+Enter sends</span>
        </div>
      </form>

      {error && (
        <p role="alert" className="flex items-start gap-1.5 text-sm font-medium text-red-700">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      )}

      <div className="flex flex-col gap-1.5">
        <div className="flex items-center justify-between">
          <h2 id={ids.output} className="text-sm font-medium text-slate-800">
            Output
          </h2>
          {status === 'stopped' && <span className="text-xs text-slate-500">Stopped</span>}
        </div>
        <div
          role="log"
          aria-labelledby={ids.output}
          aria-busy={streaming}
          data-status={status}
          className={cn(
            'min-h-40 rounded-xl border bg-white p-4 font-mono text-sm/6 break-words whitespace-pre-wrap text-slate-800 shadow-xs',
            error ? 'border-red-200' : 'border-slate-200',
          )}
        >
          {output || (
            <span className="text-slate-500">{streaming ? 'Waiting for the first token…' : 'Nothing yet.'}</span>
          )}
        </div>
      </div>
    </section>
  );
}
