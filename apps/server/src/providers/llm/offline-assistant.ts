import { setTimeout as sleep } from 'node:timers/promises';
import type { Assistant, AssistantFinish, AssistantRequest } from './assistant';
import { hasAnsweredBefore, offlineLessonReply, offlineReply } from './offline-reply';

/**
 * The pieces a reply streams in: a word, or a whole markdown span (`_…_`, `**…**`, `` `…` ``), so a reply shown while it
 * streams, or cut by Stop, never shows a lone `_` or `**` (architecture.md "The assistant").
 */
export function replyTokens(text: string): string[] {
  return text.match(/\s*(?:_[^_\n]+_|\*\*[^*\n]+\*\*|`[^`\n]+`|\S+)/g) ?? [];
}

/** Streams word by word at a reading pace, so the screen behaves as with a real model (and Stop has time to act). */
export function createOfflineAssistant(options: { tokenDelayMs: number }): Assistant {
  return {
    kind: 'offline',
    async stream(request: AssistantRequest, onToken: (token: string) => void): Promise<AssistantFinish> {
      const question = request.conversation.at(-1)?.content ?? '';
      const firstReply = !hasAnsweredBefore(request.conversation);
      const text = request.lesson
        ? offlineLessonReply(question, request.lesson, firstReply, request.notes)
        : offlineReply(question, request.notes, firstReply);
      for (const token of replyTokens(text)) {
        // Rejects with the abort when the request's signal fires.
        if (options.tokenDelayMs > 0) await sleep(options.tokenDelayMs, undefined, { signal: request.signal });
        request.signal.throwIfAborted();
        onToken(token);
      }
      return 'stop';
    },
  };
}
