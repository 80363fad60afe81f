/** The header's sections (issue 15, item 4): a member's work when signed in, the product's pages when not. */
export const SIGNED_IN_SECTIONS = [
  { to: '/chats', label: 'Chats' },
  { to: '/notes', label: 'Notes' },
  { to: '/lessons', label: 'Lessons' },
] as const;

export const SIGNED_OUT_SECTIONS = [
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/lessons', label: 'Lessons' },
] as const;

/** The user menu's entries: the account's own pages, then the spec's Test and demo entries (product.md §2). */
export const ACCOUNT_ENTRIES = [
  { to: '/account', label: 'Account' },
  { to: '/account/billing', label: 'Plan & billing' },
] as const;

export const SPEC_ENTRIES = [
  { to: '/test', label: 'Test' },
  { to: '/demo/lexical_mentions', label: 'Demo: Chat Input' },
  { to: '/demo/markdown', label: 'Demo: Markdown' },
] as const;
