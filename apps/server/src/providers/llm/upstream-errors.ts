import type { IncomingMessage } from 'node:http';
import { AssistantError } from './assistant';
import { bodyText } from './upstream-request';

/**
 * What the person reads when the model's service fails. Never the service's own words: its body may hold a key or
 * an internal address. A self-hoster reads these too, so they name the setting to check.
 */
export const UPSTREAM_MESSAGES = {
  unreachable: 'The assistant cannot be reached right now. Please try again.',
  notAStream: "The assistant's service sent an answer Turtle cannot read (not a stream). Check LLM_BASE_URL.",
  broken: "The assistant's service sent a broken answer. Please try again.",
  cutOff: "The assistant's answer was cut off before it ended. Please try again.",
  keyRefused: (status: number) => `The assistant's service refused Turtle's key (${status}). Check LLM_API_KEY.`,
  busy: "The assistant's service is busy right now (429). Please try again in a moment.",
  addressNotFound:
    "The assistant's service was not found at LLM_BASE_URL (404). Check the address (it usually ends in /v1).",
  modelNotFound: (model: string) =>
    `The assistant's service does not have the model "${model}". Check the server's LLM_MODEL setting (for Ollama: ollama pull ${model}).`,
  failed: (status: number) => `The assistant's service answered with an error (${status}). Please try again.`,
} as const;

/** The service said no: a readable error for the status, reading the body only to tell a missing model apart. */
export async function upstreamRefusal(response: IncomingMessage, model: string): Promise<AssistantError> {
  const status = response.statusCode ?? 0;
  if (status === 401 || status === 403) return new AssistantError(UPSTREAM_MESSAGES.keyRefused(status));
  if (status === 429) return new AssistantError(UPSTREAM_MESSAGES.busy);
  if (status === 404) {
    const body = await bodyText(response).catch(() => '');
    // OpenAI answers `model_not_found`; Ollama, vLLM and llama.cpp say "model ... not found" or "does not exist".
    const aboutModel = /model_not_found|model/i.test(body);
    return new AssistantError(aboutModel ? UPSTREAM_MESSAGES.modelNotFound(model) : UPSTREAM_MESSAGES.addressNotFound);
  }
  response.destroy();
  return new AssistantError(UPSTREAM_MESSAGES.failed(status));
}
