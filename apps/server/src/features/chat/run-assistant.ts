import type { FastifyBaseLogger } from 'fastify';
import { AssistantError, type Assistant, type AssistantRequest } from '../../providers/llm/assistant';

export const TIMEOUT_MESSAGE = 'The assistant took too long to answer. Please try again.';
const FAILED_MESSAGE = 'The assistant failed. Please try again.';

class TimeoutAbort extends Error {}

export type RunOutcome =
  | { kind: 'finished'; finish: 'stop' | 'length' }
  /** Stopped from outside (Stop, a closed page on the stateless stream, shutdown). */
  | { kind: 'aborted' }
  | { kind: 'failed'; message: string };

interface RunOptions {
  assistant: Assistant;
  request: Omit<AssistantRequest, 'signal'>;
  /** Aborting it stops the upstream call at once. */
  signal: AbortSignal;
  /** No piece for this long (the first one included) ends the run with TIMEOUT_MESSAGE. */
  timeoutMs: number;
  onToken(token: string): void;
  log: FastifyBaseLogger;
}

/**
 * Runs one assistant reply, handing each token on as it arrives. Never throws: every end is an outcome, and a
 * failure carries a message a person can read (never the upstream's own error body).
 */
export async function runAssistant({ assistant, request, signal, timeoutMs, onToken, log }: RunOptions) {
  const controller = new AbortController();
  const abortFromOutside = () => controller.abort(signal.reason);
  if (signal.aborted) return { kind: 'aborted' } satisfies RunOutcome;
  signal.addEventListener('abort', abortFromOutside, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const armTimeout = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new TimeoutAbort()), timeoutMs);
  };
  const stoppedOutcome = (): RunOutcome =>
    controller.signal.reason instanceof TimeoutAbort
      ? { kind: 'failed', message: TIMEOUT_MESSAGE }
      : { kind: 'aborted' };

  armTimeout();
  try {
    let finish: 'stop' | 'length' = 'stop';
    for await (const piece of assistant.stream({ ...request, signal: controller.signal })) {
      if (controller.signal.aborted) break;
      armTimeout();
      if (piece.finishReason) finish = piece.finishReason;
      if (piece.token) onToken(piece.token);
    }
    return controller.signal.aborted ? stoppedOutcome() : ({ kind: 'finished', finish } satisfies RunOutcome);
  } catch (error) {
    if (controller.signal.aborted) return stoppedOutcome();
    log.warn({ err: error }, 'assistant stream failed');
    return {
      kind: 'failed',
      message: error instanceof AssistantError ? error.message : FAILED_MESSAGE,
    } satisfies RunOutcome;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abortFromOutside);
  }
}
