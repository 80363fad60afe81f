import type { AssistantConfig } from '../../config/config';
import type { Db } from '../../db/database';
import type { Assistant } from '../../providers/llm/assistant';

export interface ChatRoutesOptions {
  db: Db;
  assistant: Assistant;
  config: AssistantConfig;
  /** Aborted when the server starts shutting down: open streams end with a last event instead of being cut. */
  shutdown: AbortSignal;
}
