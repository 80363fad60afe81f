import { useCallback, useMemo, useState } from 'react';
import { CHAT_HISTORY_MAX_MESSAGES } from '@turtle/shared/constants';
import { lessonEndpoints } from '@turtle/shared/endpoints/lessons';
import type { MessageSource } from '@turtle/shared/conversation';
import type { Lesson, LessonChatBody } from '@turtle/shared/lesson';
import { fullScriptOf } from '@turtle/shared/lesson-helpers';
import { useAssistantStream, type AssistantStreamEnd } from '../../../lib/chat-stream/use-assistant-stream';
import { useChosenModel } from '../../../lib/chosen-model';
import { errorMessage } from '../../../lib/error-message';

/** product.md §3 "Lesson chat message", plus whether a reply was cut short by Stop. */
export interface TutorMessage {
  id: string;
  content: string;
  sender: 'user' | 'assistant';
  createdMs: number;
  stopped?: boolean;
  /** The learner's notes and cards the tutor was given for this answer (decision 044). */
  sources?: MessageSource[];
}

export interface TutorChat {
  messages: TutorMessage[];
  /** A reply is being written (Send waits, Stop is offered). */
  pending: boolean;
  /** The reply so far, while it streams. */
  live: string | null;
  error: string | null;
  /** Sends the trimmed question with the whole conversation; ignored while blank or while a reply is pending. */
  send: (text: string, currentSentence: string) => void;
  /** Ends the reply now, keeping what had arrived. */
  stop: () => void;
}

const message = (
  sender: TutorMessage['sender'],
  content: string,
  stopped = false,
  sources: MessageSource[] = [],
): TutorMessage => ({
  id: crypto.randomUUID(),
  content,
  sender,
  createdMs: Date.now(),
  ...(stopped ? { stopped } : {}),
  ...(sources.length > 0 ? { sources } : {}),
});

const CUT_OFF_MESSAGE = 'The connection was lost before the answer ended. Please try again.';

/** What a reply's end adds: the reply kept (marked when stopped), or the error shown. A failure adds no message. */
function endOf(end: AssistantStreamEnd, content: string): { keep?: { stopped: boolean }; error?: string } {
  switch (end.kind) {
    case 'finished':
      return { keep: { stopped: end.reason === 'stopped' } };
    case 'failed':
      return { error: end.message };
    case 'cut-off':
      return { error: CUT_OFF_MESSAGE };
    case 'request-failed':
      return { error: errorMessage(end.failure) };
    case 'stopped':
    case 'let-go':
      return content ? { keep: { stopped: true } } : {};
  }
}

/**
 * The tutor conversation of one lesson visit: `POST /api/lesson/chat` with the real history (rules.md "Lessons"),
 * streamed token by token like the chat, from the model chosen for the chat. Stop (or leaving) aborts the request,
 * which stops the model at once; what had arrived is kept, marked stopped. A failure adds no message (product.md).
 * The learner's notes and cards the tutor was given arrive first and stay with the answer (decision 044).
 */
export function useTutorChat(lesson: Lesson): TutorChat {
  // A reply streams in with its events checked: the checker loads once the screen has settled (decision 030).
  const stream = useAssistantStream({ preloadDecoder: true });
  const [messages, setMessages] = useState<TutorMessage[]>([]);
  const [live, setLive] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fullScript = useMemo(() => fullScriptOf(lesson.transcript), [lesson.transcript]);
  const { model } = useChosenModel();
  const pending = live !== null;

  const send = useCallback(
    (text: string, currentSentence: string) => {
      const question = text.trim();
      if (!question || stream.isRunning()) return;
      const asked = [...messages, message('user', question)];
      setMessages(asked);
      setLive('');
      setError(null);
      const body: LessonChatBody = {
        lessonId: lesson.id,
        fullScript,
        currentSentence,
        messages: asked.slice(-CHAT_HISTORY_MAX_MESSAGES).map(({ sender, content }) => ({ role: sender, content })),
        ...(model ? { model } : {}),
      };
      let content = '';
      let found: MessageSource[] = [];
      const token = (piece: string) => {
        content += piece;
        setLive(content);
      };
      const sources = (given: MessageSource[]) => {
        found = given;
      };
      void stream.start({ endpoint: lessonEndpoints.tutor, body }, { token, sources }).then((end) => {
        const { keep, error } = endOf(end, content);
        if (keep) setMessages((list) => [...list, message('assistant', content, keep.stopped, found)]);
        if (error !== undefined) setError(error);
        setLive(null);
      });
    },
    [lesson.id, fullScript, messages, model, stream],
  );

  return { messages, pending, live, error, send, stop: stream.stop };
}
