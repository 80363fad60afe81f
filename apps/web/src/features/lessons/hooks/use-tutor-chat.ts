import { useCallback, useMemo, useState } from 'react';
import { CHAT_HISTORY_MAX_MESSAGES } from '@turtle/shared/constants';
import { fullScriptOf, type Lesson } from '@turtle/shared/lesson';
import { askTutor } from '../api/ask-tutor';
import { errorMessage } from '../../../lib/error-message';

/** SPEC 3 "Lesson chat message". */
export interface TutorMessage {
  id: string;
  content: string;
  sender: 'user' | 'assistant';
  createdMs: number;
}

export interface TutorChat {
  messages: TutorMessage[];
  pending: boolean;
  error: string | null;
  /** Sends the trimmed question with the whole conversation; ignored while blank or while a reply is pending. */
  send: (text: string, currentSentence: string) => void;
}

const message = (sender: TutorMessage['sender'], content: string): TutorMessage => ({
  id: crypto.randomUUID(),
  content,
  sender,
  createdMs: Date.now(),
});

/** The tutor conversation of one lesson visit: `POST /api/lesson/chat` with the real history (DECISIONS "Lessons"). */
export function useTutorChat(lesson: Lesson): TutorChat {
  const [messages, setMessages] = useState<TutorMessage[]>([]);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fullScript = useMemo(() => fullScriptOf(lesson.transcript), [lesson.transcript]);

  const send = useCallback(
    (text: string, currentSentence: string) => {
      const question = text.trim();
      if (!question || pending) return;
      const asked = [...messages, message('user', question)];
      setMessages(asked);
      setPending(true);
      setError(null);
      askTutor({
        lessonId: lesson.id,
        fullScript,
        currentSentence,
        messages: asked.slice(-CHAT_HISTORY_MAX_MESSAGES).map(({ sender, content }) => ({ role: sender, content })),
      })
        .then((reply) => setMessages((current) => [...current, message('assistant', reply)]))
        .catch((failure: unknown) => setError(errorMessage(failure)))
        .finally(() => setPending(false));
    },
    [lesson.id, fullScript, messages, pending],
  );

  return { messages, pending, error, send };
}
