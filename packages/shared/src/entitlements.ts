import { FREE_DAILY_REPLIES, FREE_PLAN_MAX_CARDS, PRO_DAILY_REPLIES } from './constants';
import { Plan } from './plans';

/**
 * What each plan includes: the one table the pricing page, the meters and the server's limits read. Plain values
 * (no zod) so any chunk can use it. `null` means no limit.
 */
export const ENTITLEMENTS = {
  [Plan.FREE]: {
    dailyReplies: FREE_DAILY_REPLIES,
    maxCards: FREE_PLAN_MAX_CARDS as number | null,
    analytics: false,
    /** Lessons of the learner's own and their audio's minutes together (docs/decisions/046-own-lessons.md). */
    ownLessons: 3,
    ownLessonMinutes: 30,
  },
  [Plan.PRO]: {
    dailyReplies: PRO_DAILY_REPLIES,
    maxCards: null as number | null,
    analytics: true,
    ownLessons: 200,
    ownLessonMinutes: 50 * 60,
  },
} as const;

export type PlanId = (typeof Plan)[keyof typeof Plan];

/** rules.md: a Pro membership whose `expireAt` has passed counts as Free. `-1` never expires (lifetime). */
export function effectivePlan(membership: { plan: number; expireAt: number }, now = Date.now()): PlanId {
  if (membership.plan !== Plan.PRO) return Plan.FREE;
  return membership.expireAt === -1 || membership.expireAt > now ? Plan.PRO : Plan.FREE;
}

/**
 * One row of the pricing page's feature table (and the plan cards' points), per plan: `true`/`false` included or
 * not; a number is a limit and `null` means no limit (`unit` says how a limit counts). The limits are read from
 * `ENTITLEMENTS`, so the table cannot disagree with what the server enforces. product.md §6: Free lacks Unlimited Card
 * Creation and Advanced Analytics; Pro has everything. Every flashcard row is built (decisions 012 and 013).
 */
export interface PlanFeature {
  label: string;
  group: 'study' | 'flashcards';
  values: Readonly<Record<PlanId, boolean | number | null>>;
  /** How a limit counts: replies a (UTC) day, or a total (cards, own lessons, minutes of their audio). Only on limit rows. */
  unit?: 'day' | 'cards' | 'lessons' | 'minutes';
  /** What a limit counts, for the plan cards ("50 assistant replies a day"). */
  noun?: string;
  /** Listed on the plan cards, not only in the table. */
  highlight?: boolean;
  /** Sold but not built yet: the table says so beside the label. */
  comingSoon?: boolean;
}

const both = { [Plan.FREE]: true, [Plan.PRO]: true } as const;

export const PLAN_FEATURES: readonly PlanFeature[] = [
  {
    label: 'Assistant replies',
    group: 'study',
    unit: 'day',
    noun: 'assistant replies',
    highlight: true,
    values: { [Plan.FREE]: ENTITLEMENTS[Plan.FREE].dailyReplies, [Plan.PRO]: ENTITLEMENTS[Plan.PRO].dailyReplies },
  },
  { label: 'AI chat that reads your notes', group: 'study', highlight: true, values: both },
  { label: 'Notes with search', group: 'study', highlight: true, values: both },
  { label: 'Audio lessons with the AI tutor', group: 'study', highlight: true, values: both },
  {
    label: 'Lessons from your own audio',
    group: 'study',
    unit: 'lessons',
    noun: 'lessons',
    values: { [Plan.FREE]: ENTITLEMENTS[Plan.FREE].ownLessons, [Plan.PRO]: ENTITLEMENTS[Plan.PRO].ownLessons },
  },
  {
    label: 'Audio in your own lessons',
    group: 'study',
    unit: 'minutes',
    noun: 'minutes',
    values: {
      [Plan.FREE]: ENTITLEMENTS[Plan.FREE].ownLessonMinutes,
      [Plan.PRO]: ENTITLEMENTS[Plan.PRO].ownLessonMinutes,
    },
  },
  { label: 'AI-generated flashcards', group: 'flashcards', values: both },
  { label: 'Spaced repetition', group: 'flashcards', values: both },
  { label: 'Multi-subject decks', group: 'flashcards', values: both },
  { label: 'Card export', group: 'flashcards', values: both },
  {
    label: 'Unlimited Card Creation',
    group: 'flashcards',
    unit: 'cards',
    noun: 'cards',
    highlight: true,
    values: { [Plan.FREE]: ENTITLEMENTS[Plan.FREE].maxCards, [Plan.PRO]: ENTITLEMENTS[Plan.PRO].maxCards },
  },
  {
    label: 'Advanced Analytics',
    group: 'flashcards',
    highlight: true,
    values: { [Plan.FREE]: ENTITLEMENTS[Plan.FREE].analytics, [Plan.PRO]: ENTITLEMENTS[Plan.PRO].analytics },
  },
];

export const DAILY_LIMIT_MESSAGE = 'Daily message limit reached. Upgrade to Pro for more.';

/** The Free plan's card limit, refused on the server (403 `cardLimitReached`) and shown where cards are made. */
export function cardLimitMessage(max: number): string {
  return `The Free plan holds up to ${max.toLocaleString('en-US')} cards. Upgrade to Pro for unlimited cards.`;
}

/** `GET /api/chat/usage`: assistant replies used today (UTC) against the plan's daily limit. */
export interface ChatUsage {
  used: number;
  limit: number;
  remaining: number;
  plan: PlanId;
  /** When the count starts again (ms since epoch, the next UTC midnight). */
  resetsAt: number;
}
