/** Why a reply ended on its own: complete, or cut at the model's length limit. */
export type AssistantFinish = 'stop' | 'length';

export interface PromptMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface MentionedNote {
  name: string;
  content: string;
  /** A note found for the question, not mentioned: the number the reply cites it by ([1]). */
  citation?: number;
  /**
   * What was found when it is not a note (decision 039): a past chat's message, a card (decision 044), or a
   * lesson's moment with its `mm:ss`.
   */
  found?: { kind: 'chat' } | { kind: 'card' } | { kind: 'lesson'; at: string };
}

/** The lesson a tutor question is about (`POST /api/lesson/chat`): its transcript and where the learner paused. */
export interface LessonContext {
  title: string;
  /** In order; `startMs` is known when the transcript is the server's own (not a script the client sent). */
  transcript: { sentence: string; startMs?: number }[];
  /** The sentence the learner is at, or -1 when unknown. */
  currentIndex: number;
}

/** What a reply cost in tokens, as the upstream counted them. */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface AssistantRequest {
  model: string;
  /** The full prompt: system prompt, quoted notes, then the conversation. */
  messages: PromptMessage[];
  /** The conversation alone and the notes as data, for assistants that work without a model. */
  conversation: { role: 'user' | 'assistant'; content: string }[];
  notes: MentionedNote[];
  /** Set for the lesson tutor: assistants that work without a model answer from the transcript. */
  lesson?: LessonContext;
  /** Aborted when the person stops, leaves, or the answer takes too long: the provider must stop at once. */
  signal: AbortSignal;
  /** Called with the upstream's own token counts, when it reports them (the stream's last chunk). */
  onUsage?: (usage: TokenUsage) => void;
}

export interface Assistant {
  kind: 'openai' | 'offline';
  /**
   * Streams the reply, handing each piece of text to `onToken` as it arrives (a callback, not an async iterator:
   * no promise per token). Resolves with why the reply ended; rejects with an AssistantError (a readable message)
   * or, once the request's signal is aborted, with whatever the abort threw.
   */
  stream(request: AssistantRequest, onToken: (token: string) => void): Promise<AssistantFinish>;
}

/** A provider failure, with a message a person can read (never the upstream's own body, which may hold secrets). */
export class AssistantError extends Error {}
