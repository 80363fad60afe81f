import type { AssistantConfig } from '../../config/config';
import type { Assistant } from './assistant';
import { createOfflineAssistant } from './offline-assistant';
import { createOpenAiAssistant } from './openai-assistant';

/** A reading pace for the offline assistant: about 40 words a second. */
const OFFLINE_TOKEN_DELAY_MS = 25;

export function createAssistant(config: AssistantConfig): Assistant {
  return config.kind === 'openai'
    ? createOpenAiAssistant({ baseUrl: config.baseUrl, apiKey: config.apiKey })
    : createOfflineAssistant({ tokenDelayMs: OFFLINE_TOKEN_DELAY_MS });
}
