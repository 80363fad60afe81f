/**
 * Every server read's cache key, in one place (decision 025), so a write can invalidate what it changed and a
 * screen can prefetch what the next one reads.
 */
export const queryKeys = {
  lessons: ['lessons'] as const,
  lesson: (id: string) => ['lessons', id] as const,
  decks: ['cards', 'decks'] as const,
  card: (id: string) => ['cards', 'card', id] as const,
  chatUsage: ['chat', 'usage'] as const,
  conversations: ['chat', 'conversations'] as const,
  demoSession: (id: string) => ['billing', 'demo-session', id] as const,
  subscription: ['billing', 'subscription'] as const,
  account: ['account'] as const,
  notes: ['notes'] as const,
  note: (id: string) => ['notes', id] as const,
};
