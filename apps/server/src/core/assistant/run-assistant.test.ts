import { describe, expect, it, vi } from 'vitest';
import { AssistantError, type Assistant } from '../../providers/llm/assistant';
import { AssistantRun, EMPTY_MESSAGE, TIMEOUT_MESSAGE } from './run-assistant';

const log = { warn: vi.fn() } as never;
const request = { model: 'm', messages: [], conversation: [], notes: [] };

/** An assistant that sends `tokens` at the given moments (ms after the start) and then finishes. */
function scripted(steps: { at: number; token: string }[], end = 0): Assistant {
  return {
    kind: 'openai',
    async stream({ signal }, onToken) {
      const started = Date.now();
      for (const step of steps) {
        await new Promise((resolve, reject) => {
          const timer = setTimeout(resolve, Math.max(0, step.at - (Date.now() - started)));
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(signal.reason);
          });
        });
        onToken(step.token);
      }
      if (end) await new Promise((resolve) => setTimeout(resolve, end));
      signal.throwIfAborted();
      return 'stop';
    },
  };
}

describe('AssistantRun', () => {
  it('holds tokens until told where they go, then forwards the held ones first', async () => {
    const run = new AssistantRun({
      assistant: scripted([
        { at: 0, token: 'a' },
        { at: 0, token: 'b' },
        { at: 40, token: 'c' },
      ]),
      request,
      timeoutMs: 1000,
      log,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const seen: string[] = [];
    run.forward((token) => seen.push(token));
    expect(await run.outcome).toEqual({ kind: 'finished', finish: 'stop' });
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(run.content).toBe('abc');
  });

  it('times out on silence between tokens with one timer, not one per token', async () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const steps = Array.from({ length: 50 }, (_, index) => ({ at: 0, token: `t${index}` }));
    const run = new AssistantRun({ assistant: scripted(steps, 300), request, timeoutMs: 100, log });
    run.forward(() => undefined);
    const outcome = await run.outcome;
    const timersForRun = setTimeoutSpy.mock.calls.filter(
      ([, delay]) => typeof delay === 'number' && delay > 0 && delay <= 100,
    );
    setTimeoutSpy.mockRestore();
    expect(outcome).toEqual({ kind: 'failed', message: TIMEOUT_MESSAGE, timedOut: true });
    // 50 tokens: a handful of timer re-arms at most, never one per token.
    expect(timersForRun.length).toBeLessThan(5);
  });

  it('reports the first abort reason, and a failure in the assistant\u2019s words', async () => {
    const slow = new AssistantRun({ assistant: scripted([{ at: 500, token: 'x' }]), request, timeoutMs: 5000, log });
    slow.abort('stop');
    slow.abort('shutdown');
    expect(await slow.outcome).toEqual({ kind: 'aborted', reason: 'stop' });

    const failing: Assistant = {
      kind: 'openai',
      stream: () => Promise.reject(new AssistantError('The service said no.')),
    };
    const failed = new AssistantRun({ assistant: failing, request, timeoutMs: 5000, log });
    expect(await failed.outcome).toEqual({ kind: 'failed', message: 'The service said no.', timedOut: false });
  });

  it('counts an answer without text as a failure', async () => {
    const run = new AssistantRun({ assistant: scripted([{ at: 0, token: '  ' }]), request, timeoutMs: 5000, log });
    expect(await run.outcome).toEqual({ kind: 'failed', message: EMPTY_MESSAGE, timedOut: false });
  });
});
