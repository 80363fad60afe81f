import { setTimeout as sleep } from 'node:timers/promises';
import type { Assistant, AssistantPiece, AssistantRequest } from './assistant';
import { offlineLessonReply, offlineReply } from './offline-reply';

/** Streams word by word at a reading pace, so the screen behaves as with a real model (and Stop has time to act). */
export function createOfflineAssistant(options: { tokenDelayMs: number }): Assistant {
  return {
    kind: 'offline',
    async *stream(request: AssistantRequest): AsyncIterable<AssistantPiece> {
      const question = request.conversation.at(-1)?.content ?? '';
      const text = request.lesson
        ? offlineLessonReply(question, request.lesson)
        : offlineReply(question, request.notes);
      const pieces = text.match(/\s*\S+/g) ?? [];
      for (const token of pieces) {
        if (request.signal.aborted) return;
        if (options.tokenDelayMs > 0) {
          try {
            await sleep(options.tokenDelayMs, undefined, { signal: request.signal });
          } catch {
            return;
          }
        }
        yield { token, finishReason: null };
      }
      yield { token: '', finishReason: 'stop' };
    },
  };
}
