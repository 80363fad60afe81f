import type { AssistantRun } from './run-assistant';

interface Running {
  run: AssistantRun;
  done: Promise<unknown>;
}

/**
 * The replies this process is writing, of every kind. Stop reaches a kept reply here at once (other processes
 * notice at their next save); shutdown ends them all and waits until each has been answered and saved.
 */
export class ReplyRegistry {
  private readonly running = new Set<Running>();
  private readonly byMessage = new Map<string, AssistantRun>();

  track(run: AssistantRun, done: Promise<unknown>, messageId?: string): void {
    const entry = { run, done };
    this.running.add(entry);
    if (messageId) this.byMessage.set(messageId, run);
    void done
      .catch(() => undefined)
      .finally(() => {
        this.running.delete(entry);
        if (messageId) this.byMessage.delete(messageId);
      });
  }

  stop(messageId: string): void {
    this.byMessage.get(messageId)?.abort('stop');
  }

  async stopAll(): Promise<void> {
    const all = [...this.running];
    for (const { run } of all) run.abort('shutdown');
    await Promise.allSettled(all.map(({ done }) => done));
  }
}
