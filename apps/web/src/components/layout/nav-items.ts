/**
 * The header's sections. product.md §2 gives everyone "Chats" (/chats) and "Notes" (/notes), the current one in bold
 * (decision 019: signed out they go through the sign-in guard and come back); a member also gets Lessons (and Cards,
 * which the header adds), a visitor the product's pages.
 */
const SPEC_SECTIONS = [
  { to: '/chats', label: 'Chats' },
  { to: '/notes', label: 'Notes' },
] as const;

export const SIGNED_IN_SECTIONS = [...SPEC_SECTIONS, { to: '/lessons', label: 'Lessons' }] as const;

export const SIGNED_OUT_SECTIONS = [
  ...SPEC_SECTIONS,
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/lessons', label: 'Lessons' },
] as const;

/** The user menu's entries: the account's own pages, then the spec's Test and demo entries (product.md §2). */
export const ACCOUNT_ENTRIES = [
  { to: '/account', label: 'Account' },
  { to: '/account/billing', label: 'Plan & billing' },
] as const;

/** An administrator's own entry (decision 037), after the account's. */
export const ADMIN_ENTRIES = [{ to: '/admin', label: 'Admin' }] as const;

export const SPEC_ENTRIES = [
  { to: '/test', label: 'Test' },
  { to: '/demo/lexical_mentions', label: 'Demo: Chat Input' },
  { to: '/demo/markdown', label: 'Demo: Markdown' },
] as const;
