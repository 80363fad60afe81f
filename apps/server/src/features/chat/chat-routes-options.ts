import type { AssistantConfig } from '../../config/config';
import type { Db } from '../../db/database';
import type { Assistant } from '../../providers/llm/assistant';

export interface ChatRoutesOptions {
  db: Db;
  assistant: Assistant;
  config: AssistantConfig;
}
