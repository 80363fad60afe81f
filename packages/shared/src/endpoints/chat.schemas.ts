import { ChatStreamBodySchema } from '../chat-stream';
import {
  ChatSendBodySchema,
  ConversationIdQuerySchema,
  DeleteConversationBodySchema,
  RenameConversationBodySchema,
  StopReplyBodySchema,
} from '../conversation';
import { chatEndpoints as entries } from './chat';
import { withInputSchemas } from './input-schemas';

/** `./chat.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const chatEndpoints = withInputSchemas(entries, {
  stream: { body: ChatStreamBodySchema },
  testStream: { body: ChatStreamBodySchema },
  send: { body: ChatSendBodySchema },
  conversation: { query: ConversationIdQuerySchema },
  rename: { body: RenameConversationBodySchema },
  delete: { body: DeleteConversationBodySchema },
  stop: { body: StopReplyBodySchema },
});
