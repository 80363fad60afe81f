import type { OkResponse } from '../account';
import type { ChatStreamBodySchema } from '../chat-stream';
import type {
  ChatSendBodySchema,
  ConversationIdQuerySchema,
  ConversationSummary,
  DeleteConversationBodySchema,
  GetConversationResponse,
  ListConversationsResponse,
  RenameConversationBodySchema,
  StopReplyBodySchema,
} from '../conversation';
import type { ChatUsage } from '../entitlements';
import { endpointTable, get, post } from './endpoint';

/** docs/api.md "Chat". The streams answer `shared/chat-stream-events.ts`' events. */
export const chatEndpoints = endpointTable<ChatShapes>()({
  stream: post('/api/chat/stream', { encoding: 'json', kind: 'stream' }),
  /** The spec's name for the same stateless stream (the `/test` page). */
  testStream: post('/api/test/stream', { encoding: 'json', kind: 'stream' }),
  send: post('/api/chat/send', { encoding: 'json', kind: 'stream', idempotent: true }),
  usage: get('/api/chat/usage'),
  conversations: get('/api/chat/conversations'),
  conversation: get('/api/chat/conversations/get'),
  rename: post('/api/chat/conversations/rename', { encoding: 'json' }),
  delete: post('/api/chat/conversations/delete', { encoding: 'json' }),
  stop: post('/api/chat/stop', { encoding: 'json' }),
});

/** What each entry above takes and answers: its body, query and path parameters (as schemas) and its answer. */
type ChatShapes = {
  stream: { body: typeof ChatStreamBodySchema };
  testStream: { body: typeof ChatStreamBodySchema };
  send: { body: typeof ChatSendBodySchema };
  usage: { response: ChatUsage };
  conversations: { response: ListConversationsResponse };
  conversation: { query: typeof ConversationIdQuerySchema; response: GetConversationResponse };
  rename: { body: typeof RenameConversationBodySchema; response: { conversation: ConversationSummary } };
  delete: { body: typeof DeleteConversationBodySchema; response: OkResponse };
  stop: { body: typeof StopReplyBodySchema; response: OkResponse };
};
