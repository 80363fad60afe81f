import { Play } from 'lucide-react';
import type { TranscriptEntry } from '@turtle/shared/lesson';
import { timestampOf } from '@turtle/shared/lesson-helpers';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { TutorChat } from '../hooks/use-tutor-chat';
import { PaneDivider } from './pane-divider';
import { TutorInput } from './tutor-input';
import { TutorMessages } from './tutor-messages';

interface TutorPaneProps {
  chat: TutorChat;
  current: TranscriptEntry | undefined;
  /** Under 768 px the pane covers the screen (product.md §2); otherwise it sits beside the lesson, resizable. */
  fullScreen: boolean;
  width: number;
  onWidth: (width: number) => void;
  onContinue: () => void;
  onSeek: (ms: number) => void;
}

/** product.md §2 "Chat pane": "Sure, ask away…", the sentence the learner paused at, the conversation and the input. */
export function TutorPane({ chat, current, fullScreen, width, onWidth, onContinue, onSeek }: TutorPaneProps) {
  return (
    <aside
      aria-label="Tutor"
      className={cn(
        'flex flex-col bg-white',
        fullScreen ? 'fixed inset-0 z-50' : 'relative min-w-[300px] shrink-0 border-l border-slate-200',
      )}
      style={fullScreen ? undefined : { width, maxWidth: 'calc(100vw - 320px)' }}
    >
      {!fullScreen && <PaneDivider width={width} onWidth={onWidth} />}
      <header className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-5">
        <h2 className="text-lg font-bold text-slate-900">Sure, ask away…</h2>
        <Button size="sm" onClick={onContinue}>
          <Play className="size-4 fill-current" aria-hidden="true" />
          Continue lesson
        </Button>
      </header>
      {current && (
        <figure className="mx-4 mt-4 rounded-lg border-l-4 border-brand-500 bg-brand-50 px-3 py-2 sm:mx-5">
          <figcaption className="text-xs font-semibold text-brand-800">
            You paused at {timestampOf(current.startMs).slice(1, -1)}
          </figcaption>
          <blockquote aria-label="Current sentence" className="mt-0.5 text-sm text-slate-800">
            {current.sentence}
          </blockquote>
        </figure>
      )}
      <div className="min-h-0 flex-1 overflow-y-auto">
        <TutorMessages messages={chat.messages} live={chat.live} error={chat.error} onSeek={onSeek} />
      </div>
      <TutorInput
        pending={chat.pending}
        onSend={(text) => chat.send(text, current?.sentence ?? '')}
        onStop={chat.stop}
      />
    </aside>
  );
}
