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
import { defineEndpoints, shapes } from './endpoint';

/** docs/api.md "Chat". The streams answer `shared/chat-stream-events.ts`' events. */
export const chatEndpoints = defineEndpoints({
  stream: {
    method: 'POST',
    path: '/api/chat/stream',
    encoding: 'json',
    kind: 'stream',
    shapes: shapes<{ body: typeof ChatStreamBodySchema }>(),
  },
  /** The spec's name for the same stateless stream (the `/test` page). */
  testStream: {
    method: 'POST',
    path: '/api/test/stream',
    encoding: 'json',
    kind: 'stream',
    shapes: shapes<{ body: typeof ChatStreamBodySchema }>(),
  },
  send: {
    method: 'POST',
    path: '/api/chat/send',
    encoding: 'json',
    kind: 'stream',
    idempotent: true,
    shapes: shapes<{ body: typeof ChatSendBodySchema }>(),
  },
  usage: { method: 'GET', path: '/api/chat/usage', shapes: shapes<{ response: ChatUsage }>() },
  conversations: {
    method: 'GET',
    path: '/api/chat/conversations',
    shapes: shapes<{ response: ListConversationsResponse }>(),
  },
  conversation: {
    method: 'GET',
    path: '/api/chat/conversations/get',
    shapes: shapes<{ query: typeof ConversationIdQuerySchema; response: GetConversationResponse }>(),
  },
  rename: {
    method: 'POST',
    path: '/api/chat/conversations/rename',
    encoding: 'json',
    shapes: shapes<{
      body: typeof RenameConversationBodySchema;
      response: { conversation: ConversationSummary };
    }>(),
  },
  delete: {
    method: 'POST',
    path: '/api/chat/conversations/delete',
    encoding: 'json',
    shapes: shapes<{ body: typeof DeleteConversationBodySchema; response: OkResponse }>(),
  },
  stop: {
    method: 'POST',
    path: '/api/chat/stop',
    encoding: 'json',
    shapes: shapes<{ body: typeof StopReplyBodySchema; response: OkResponse }>(),
  },
});
