import * as chatStream from '../chat-stream';
import * as conversation from '../conversation';
import { chatEndpoints as entries } from './chat';
import { withInputSchemas } from './input-schemas';

/** `./chat.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const chatEndpoints = withInputSchemas(entries, {
  stream: { body: chatStream.ChatStreamBodySchema },
  testStream: { body: chatStream.ChatStreamBodySchema },
  send: { body: conversation.ChatSendBodySchema },
  conversation: { query: conversation.ConversationIdQuerySchema },
  rename: { body: conversation.RenameConversationBodySchema },
  delete: { body: conversation.DeleteConversationBodySchema },
  stop: { body: conversation.StopReplyBodySchema },
});
