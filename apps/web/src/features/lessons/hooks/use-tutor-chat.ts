import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CHAT_HISTORY_MAX_MESSAGES } from '@turtle/shared/constants';
import type { Lesson, LessonChatBody } from '@turtle/shared/lesson';
import { fullScriptOf } from '@turtle/shared/lesson-helpers';
import { postChatStream } from '../../../lib/chat-stream/post-chat-stream';
import { preloadChatStreamDecoder, readChatStream } from '../../../lib/chat-stream/read-chat-stream';
import { useWhenIdle } from '../../../lib/use-when-idle';
import { useChosenModel } from '../../../lib/chosen-model';
import { errorMessage, isAbort } from '../../../lib/error-message';

/** product.md §3 "Lesson chat message", plus whether a reply was cut short by Stop. */
export interface TutorMessage {
  id: string;
  content: string;
  sender: 'user' | 'assistant';
  createdMs: number;
  stopped?: boolean;
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

const message = (sender: TutorMessage['sender'], content: string, stopped = false): TutorMessage => ({
  id: crypto.randomUUID(),
  content,
  sender,
  createdMs: Date.now(),
  ...(stopped ? { stopped } : {}),
});

const CUT_OFF_MESSAGE = 'The connection was lost before the answer ended. Please try again.';

/**
 * The tutor conversation of one lesson visit: `POST /api/lesson/chat` with the real history (rules.md "Lessons"),
 * streamed token by token like the chat, from the model chosen for the chat. Stop (or leaving) aborts the request,
 * which stops the model at once; what had arrived is kept, marked stopped. A failure adds no message (product.md).
 */
export function useTutorChat(lesson: Lesson): TutorChat {
  // A reply streams in with its events checked: the checker loads once the screen has settled (decision 030).
  useWhenIdle(preloadChatStreamDecoder);
  const [messages, setMessages] = useState<TutorMessage[]>([]);
  const [live, setLive] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = useRef<AbortController | null>(null);
  const fullScript = useMemo(() => fullScriptOf(lesson.transcript), [lesson.transcript]);
  const { model } = useChosenModel();
  const pending = live !== null;

  useEffect(() => () => current.current?.abort(), []);

  const send = useCallback(
    (text: string, currentSentence: string) => {
      const question = text.trim();
      if (!question || current.current) return;
      const asked = [...messages, message('user', question)];
      const controller = new AbortController();
      current.current = controller;
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
      const keep = (stopped: boolean) => setMessages((list) => [...list, message('assistant', content, stopped)]);
      void (async () => {
        try {
          for await (const event of readChatStream(await postChatStream('/api/lesson/chat', body, controller.signal))) {
            if (event.type === 'token') {
              content += event.token;
              setLive(content);
            } else if (event.type === 'error') {
              setError(event.message);
              return;
            } else if (event.type === 'finish') {
              keep(event.reason === 'stopped');
              return;
            }
          }
          setError(CUT_OFF_MESSAGE);
        } catch (failure) {
          if (!isAbort(failure)) setError(errorMessage(failure));
          else if (content) keep(true);
        } finally {
          if (current.current === controller) current.current = null;
          setLive(null);
        }
      })();
    },
    [lesson.id, fullScript, messages, model],
  );

  const stop = useCallback(() => current.current?.abort(), []);

  return { messages, pending, live, error, send, stop };
}
