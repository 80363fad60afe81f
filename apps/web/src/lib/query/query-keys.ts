/**
 * Every server read's cache key, in one place (decision 025), so a write can invalidate what it changed and a
 * screen can prefetch what the next one reads.
 */
export const queryKeys = {
  lessons: ['lessons'] as const,
  lesson: (id: string) => ['lessons', id] as const,
  ownLessons: ['own-lessons'] as const,
  lessonProgress: (userId: string) => ['lesson-progress', userId] as const,
  decks: ['cards', 'decks'] as const,
  cardsSummary: (timeZone: string) => ['cards', 'summary', timeZone] as const,
  card: (id: string) => ['cards', 'card', id] as const,
  deckCards: (deckId: string) => ['cards', 'deck-cards', deckId] as const,
  reviewQueue: (deckId: string | undefined) => ['cards', 'review', deckId ?? 'all'] as const,
  drafts: ['cards', 'drafts'] as const,
  cardSettings: ['cards', 'settings'] as const,
  forecast: (retention: number, newPerDay: number | undefined) =>
    ['cards', 'forecast', retention, newPerDay ?? null] as const,
  analytics: (days: number, deckId: string | null) => ['cards', 'analytics', days, deckId] as const,
  optimizer: ['cards', 'optimizer'] as const,
  optimizerRun: (id: string) => ['cards', 'optimizer', 'run', id] as const,
  chatUsage: ['chat', 'usage'] as const,
  conversations: ['chat', 'conversations'] as const,
  conversation: (id: string) => ['chat', 'conversation', id] as const,
  demoSession: (id: string) => ['billing', 'demo-session', id] as const,
  subscription: ['billing', 'subscription'] as const,
  account: ['account'] as const,
  userStatus: ['user', 'status'] as const,
  notes: ['notes'] as const,
  note: (id: string) => ['notes', id] as const,
  search: (q: string) => ['search', q] as const,
  searchStatus: () => ['search-status'] as const,
};
