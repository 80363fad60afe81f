import { SendHorizontal } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { LESSON_CHAT_INPUT_FOCUS_DELAY_MS } from '@turtle/shared/constants';
import { StopReplyButton } from '../../../components/ui/stop-reply-button';

/**
 * product.md §2 and §5: "Type your message..."; Stop replaces Send while the answer streams; Enter sends, Shift+Enter starts a new line; the question is trimmed and Send
 * is disabled while it is blank or a reply is pending. The input takes focus when the pane opens and after a reply.
 */
interface TutorInputProps {
  pending: boolean;
  onSend: (text: string) => void;
  /** While a reply streams, Stop takes Send's place. */
  onStop: () => void;
}

export function TutorInput({ pending, onSend, onStop }: TutorInputProps) {
  const [text, setText] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const canSend = text.trim() !== '' && !pending;

  useEffect(() => {
    if (pending) return;
    const timer = setTimeout(() => field.current?.focus(), LESSON_CHAT_INPUT_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  const send = () => {
    if (!canSend) return;
    onSend(text.trim());
    setText('');
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form onSubmit={onSubmit} className="border-t border-slate-200 bg-white p-3 sm:p-4">
      <div className="flex items-end gap-2 rounded-xl border border-slate-300 bg-white p-1.5 pl-3 focus-within:border-brand-600 focus-within:ring-1 focus-within:ring-brand-600">
        <textarea
          ref={field}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          aria-label="Your question"
          placeholder="Type your message..."
          className="max-h-40 min-h-9 flex-1 resize-none bg-transparent py-1.5 text-[0.9375rem] text-slate-900 outline-none [field-sizing:content] placeholder:text-slate-400"
        />
        {pending ? (
          <StopReplyButton title="Stop the answer" onStop={onStop} size="sm" />
        ) : (
          <button
            type="submit"
            aria-label="Send"
            title="Send (Enter)"
            disabled={!canSend}
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-40"
          >
            <SendHorizontal className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
    </form>
  );
}
