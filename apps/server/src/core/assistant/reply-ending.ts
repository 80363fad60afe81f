import type { ChatStreamEvent } from '@turtle/shared/chat-stream-events';
import type { RunOutcome } from './run-assistant';

export const SHUTDOWN_MESSAGE = 'The server is restarting. Please send your message again in a moment.';
export const SAVE_FAILED_MESSAGE = 'The reply could not be saved. Please try again.';

/**
 * How a reply ended, decided once from the run's outcome; everything after (the last event, the refund, what is
 * kept) reads it from here.
 * - `complete`: the model finished (`stop`) or hit its length limit (`length`).
 * - `stopped`: Stop, here or from another process: the reply keeps what was written.
 * - `gone`: the page left a stream that ends with it (nothing more can be sent).
 * - `failed`: the model failed or took too long: no reply is kept (product.md: no message is added) and it is refunded.
 * - `shutdown`: the server is stopping: refunded, and a kept reply keeps what was written.
 */
export type ReplyEnding =
  | { kind: 'complete'; finish: 'stop' | 'length' }
  | { kind: 'stopped' }
  | { kind: 'gone' }
  | { kind: 'failed'; message: string; timedOut: boolean }
  | { kind: 'shutdown' };

export function endingOf(outcome: RunOutcome): ReplyEnding {
  if (outcome.kind === 'finished') return { kind: 'complete', finish: outcome.finish };
  if (outcome.kind === 'failed') return { kind: 'failed', message: outcome.message, timedOut: outcome.timedOut };
  if (outcome.reason === 'shutdown') return { kind: 'shutdown' };
  if (outcome.reason === 'gone') return { kind: 'gone' };
  return { kind: 'stopped' };
}

/** The stream's last event, if anyone can still read it. */
export function lastEventOf(ending: ReplyEnding): ChatStreamEvent | undefined {
  switch (ending.kind) {
    case 'complete':
      return { type: 'finish', reason: ending.finish };
    case 'stopped':
      return { type: 'finish', reason: 'stopped' };
    case 'failed':
      return { type: 'error', message: ending.message };
    case 'shutdown':
      return { type: 'error', message: SHUTDOWN_MESSAGE };
    case 'gone':
      return undefined;
  }
}

/** A reply the person did not get is not theirs to pay for. */
export function isRefunded(ending: ReplyEnding): boolean {
  return ending.kind === 'failed' || ending.kind === 'shutdown';
}
