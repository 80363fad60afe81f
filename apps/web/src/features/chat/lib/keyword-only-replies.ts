/**
 * The replies this page received whose sources were found by their words only, semantic search being unavailable
 * (`ChatSendMeta.semantic`, docs/decisions/048-semantic-search.md). The server does not keep it: a conversation read
 * again (a new one is, once it has its address) still shows the note for the replies of this visit.
 */
const replies = new Set<string>();

export function noteKeywordOnly(messageId: string): void {
  replies.add(messageId);
}

export function wasKeywordOnly(messageId: string): boolean {
  return replies.has(messageId);
}
