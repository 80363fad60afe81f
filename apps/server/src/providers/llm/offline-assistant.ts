import { setTimeout as sleep } from 'node:timers/promises';
import type { Assistant, AssistantFinish, AssistantRequest } from './assistant';
import { offlineLessonReply, offlineReply } from './offline-reply';

/** Streams word by word at a reading pace, so the screen behaves as with a real model (and Stop has time to act). */
export function createOfflineAssistant(options: { tokenDelayMs: number }): Assistant {
  return {
    kind: 'offline',
    async stream(request: AssistantRequest, onToken: (token: string) => void): Promise<AssistantFinish> {
      const question = request.conversation.at(-1)?.content ?? '';
      const text = request.lesson
        ? offlineLessonReply(question, request.lesson)
        : offlineReply(question, request.notes);
      for (const token of text.match(/\s*\S+/g) ?? []) {
        // Rejects with the abort when the request's signal fires.
        if (options.tokenDelayMs > 0) await sleep(options.tokenDelayMs, undefined, { signal: request.signal });
        request.signal.throwIfAborted();
        onToken(token);
      }
      return 'stop';
    },
  };
}
