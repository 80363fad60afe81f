import { ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ComposerMessage } from '@turtle/shared/conversation';
import { Composer } from '../composer/composer';
import { DEMO_NOTES } from './demo-notes';
import { SanitizedHtml } from './sanitized-html';
import { SentMessageDetails } from './sent-message-details';

interface SentItem {
  key: number;
  message: ComposerMessage;
}

/**
 * /demo/lexical_mentions_v2 (product.md §2: the second mentions demo, in the layout without a footer): the composer pinned
 * to the bottom like a chat, with the create option (`Add "{text}"`), and the messages sent above it.
 */
export function ChatInputDemoV2Screen() {
  const [sent, setSent] = useState<SentItem[]>([]);
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sent.length > 0) endRef.current?.scrollIntoView({ block: 'end' });
  }, [sent.length]);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 sm:px-6">
      <div className="pt-8 pb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Demo: Chat Input (v2)</h1>
        <p className="mt-1 text-sm text-slate-600">
          Mentions with the create option: type{' '}
          <kbd className="rounded bg-slate-100 px-1 font-mono text-slate-800">@</kbd> and a name that is not a demo note
          to add it as a new mention.
        </p>
      </div>

      <div className="flex-1">
        {sent.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-500">
            Nothing sent yet.
          </p>
        ) : (
          <ol aria-label="Sent messages" className="flex flex-col gap-4">
            {sent.map(({ key, message }) => (
              <li key={key} className="flex flex-col items-end gap-1.5">
                <SanitizedHtml
                  html={message.htmlContent ?? ''}
                  className="max-w-[80%] rounded-2xl bg-slate-100 px-4 py-2.5 text-base/6 text-slate-900"
                />
                <details className="group w-full max-w-[80%] text-sm">
                  <summary className="ml-auto flex w-fit cursor-pointer list-none items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-800 [&::-webkit-details-marker]:hidden">
                    <ChevronRight className="size-3.5 transition-transform group-open:rotate-90" aria-hidden="true" />
                    Details
                  </summary>
                  <div className="mt-2 rounded-xl border border-slate-200 bg-white p-4">
                    <SentMessageDetails message={message} />
                  </div>
                </details>
              </li>
            ))}
          </ol>
        )}
        <div ref={endRef} />
      </div>

      <div className="sticky bottom-0 bg-gradient-to-t from-white from-70% to-transparent pt-6 pb-4 sm:pb-6">
        <Composer
          notes={DEMO_NOTES}
          creatable
          onSend={(message) => setSent((list) => [...list, { key: list.length, message }])}
        />
      </div>
    </div>
  );
}
