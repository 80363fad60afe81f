import type { FastifyBaseLogger } from 'fastify';
import { AssistantError, type Assistant, type AssistantRequest, type TokenUsage } from '../../providers/llm/assistant';

export const TIMEOUT_MESSAGE = 'The assistant took too long to answer. Please try again.';
export const EMPTY_MESSAGE = 'The assistant sent an empty answer. Please try again.';
const FAILED_MESSAGE = 'The assistant failed. Please try again.';

/**
 * Why a run was stopped from outside: Stop (here or from another process), the person leaving a stream that ends
 * with its page, the server shutting down, or the checks refusing the request after the upstream call started.
 */
export type AbortReason = 'stop' | 'gone' | 'shutdown' | 'refused';

export type RunOutcome =
  | { kind: 'finished'; finish: 'stop' | 'length' }
  | { kind: 'aborted'; reason: AbortReason }
  | { kind: 'failed'; message: string; timedOut: boolean };

interface RunOptions {
  assistant: Assistant;
  request: Omit<AssistantRequest, 'signal'>;
  /** No token for this long (the first one included) ends the run with TIMEOUT_MESSAGE. */
  timeoutMs: number;
  log: FastifyBaseLogger;
}

class Timeout extends Error {}

/**
 * One assistant reply, started at once. Tokens are held until `forward` says where they go (the checks may still be
 * running), and the whole text is kept in `content`. Every end is an outcome (`outcome` never rejects), reached by
 * one abort path: Stop, a closed page, shutdown and the timeout all abort the one controller the upstream call
 * listens to. A failure's message is for the person, never the upstream's own words.
 */
export class AssistantRun {
  content = '';
  /** The upstream's token counts, once it has reported them. */
  usage: TokenUsage | undefined;
  readonly outcome: Promise<RunOutcome>;
  private readonly controller = new AbortController();
  private sink: ((token: string) => void) | undefined;
  private held: string[] = [];
  private lastTokenAt = Date.now();
  private timer: NodeJS.Timeout | undefined;
  private readonly startedAt = Date.now();

  constructor(private readonly options: RunOptions) {
    this.outcome = this.run();
  }

  /** Stops the run (the first reason counts). */
  abort(reason: AbortReason): void {
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }

  /** From now on each token goes to `sink`, the held ones first. */
  forward(sink: (token: string) => void): void {
    this.sink = sink;
    for (const token of this.held) sink(token);
    this.held = [];
  }

  private readonly onToken = (token: string) => {
    if (this.controller.signal.aborted) return;
    this.lastTokenAt = Date.now();
    this.content += token;
    if (this.sink) this.sink(token);
    else this.held.push(token);
  };

  private async run(): Promise<RunOutcome> {
    const { assistant, request, log } = this.options;
    const signal = this.controller.signal;
    this.armTimeout();
    try {
      const onUsage = (usage: TokenUsage) => (this.usage = usage);
      const finish = await assistant.stream({ ...request, signal, onUsage }, this.onToken);
      if (signal.aborted) return this.abortedOutcome();
      if (this.content.trim() === '') {
        log.warn({ model: request.model }, 'the assistant sent an empty answer');
        return { kind: 'failed', message: EMPTY_MESSAGE, timedOut: false };
      }
      return { kind: 'finished', finish };
    } catch (error) {
      if (signal.aborted) return this.abortedOutcome();
      log.warn({ err: error, model: request.model }, 'assistant stream failed');
      return {
        kind: 'failed',
        message: error instanceof AssistantError ? error.message : FAILED_MESSAGE,
        timedOut: false,
      };
    } finally {
      clearTimeout(this.timer);
    }
  }

  private abortedOutcome(): RunOutcome {
    const reason: unknown = this.controller.signal.reason;
    if (reason instanceof Timeout) return { kind: 'failed', message: TIMEOUT_MESSAGE, timedOut: true };
    return { kind: 'aborted', reason: reason as AbortReason };
  }

  /** One timer per run, not per token: when it fires it checks how long the stream has been silent. */
  private armTimeout(delayMs = this.options.timeoutMs) {
    this.timer = setTimeout(() => {
      const silentMs = Date.now() - this.lastTokenAt;
      if (silentMs < this.options.timeoutMs) return this.armTimeout(this.options.timeoutMs - silentMs);
      const firstToken = this.content === '';
      this.options.log.warn(
        { model: this.options.request.model, afterMs: Date.now() - this.startedAt, firstToken },
        firstToken ? 'the assistant sent no first token in time' : 'the assistant stalled mid-answer',
      );
      this.controller.abort(new Timeout());
    }, delayMs);
  }
}
