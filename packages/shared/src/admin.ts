import { z } from './zod';
import { safeText } from './text';

/** The operator console's calls (docs/api.md "Administration", docs/decisions/037-administrators.md). */
export const ADMIN_PEOPLE_PAGE_SIZE = 50;
/** Every column of the people list sorts (decision 037). */
export const ADMIN_PEOPLE_SORTS = [
  'signedUp',
  'name',
  'email',
  'signInMethod',
  'plan',
  'repliesThisMonth',
  'cards',
  'lessons',
  'lastSignIn',
] as const;
const SORT_MESSAGE = `Sort by ${ADMIN_PEOPLE_SORTS.slice(0, -1).join(', ')} or ${ADMIN_PEOPLE_SORTS.at(-1)}.`;

export const AdminPeopleQuerySchema = z.object({
  q: safeText({ error: 'Type a name or an email to search for.' })
    .trim()
    .max(200, 'A search is at most 200 characters.')
    .optional(),
  sort: z.enum(ADMIN_PEOPLE_SORTS, { error: SORT_MESSAGE }).default('signedUp'),
  order: z.enum(['asc', 'desc'], { error: 'Order asc or desc.' }).default('desc'),
  page: z.coerce
    .number({ error: 'The page is a whole number from 1.' })
    .int('The page is a whole number from 1.')
    .min(1, 'The page is a whole number from 1.')
    .max(100_000, 'The page is a whole number from 1.')
    .default(1),
});
export type AdminPeopleQuery = z.infer<typeof AdminPeopleQuerySchema>;

export interface AdminPerson {
  id: string;
  name: string;
  email: string;
  /** 0 a member, 1 an administrator (`roles.ts`). */
  role: number;
  signInMethod: 'password' | 'third-party' | 'both';
  /** 0 Free, 1 Pro (`plans.ts`), with the end of the paid period when Pro (ms; -1 none). */
  plan: number;
  expireAt: number;
  signedUpAt: number;
  /** The newest session's start, or null if the person never signed in since sessions were kept. */
  lastSignInAt: number | null;
  /** When the account was suspended (ms), or null; with what the person is told. */
  suspendedAt: number | null;
  suspensionReason: string | null;
  /** Pro given by an administrator until `expireAt`, not paid for. */
  complimentary: boolean;
  /** Assistant replies this month (UTC), cards, and lessons started: counts only. */
  counts: { repliesThisMonth: number; cards: number; lessons: number };
}

export interface AdminPeopleResponse {
  people: AdminPerson[];
  total: number;
  page: number;
  pageSize: number;
}

export const AdminPersonBodySchema = z.object({
  id: safeText({ error: 'Send the id of the person.' }).min(1, 'Send the id of the person.').max(100),
});

export interface SignOutEverywhereResponse {
  ok: true;
  sessionsEnded: number;
}

/** An administrator's destructive action asks for the password again when it was last entered longer ago than this. */
export const REAUTH_WINDOW_MS = 15 * 60 * 1000;

export const REAUTH_MESSAGES = {
  password: 'Enter your password again to do this: you last entered it over 15 minutes ago.',
  provider: 'Sign out and in again to do this: you last signed in over 15 minutes ago.',
} as const;

/** A complimentary Pro grant ends at most this far ahead (five years). */
export const COMPLIMENTARY_MAX_MS = 5 * 366 * 24 * 60 * 60 * 1000;

export const AdminComplimentaryBodySchema = AdminPersonBodySchema.extend({
  /** When the grant ends (ms); the console sends the end of the chosen day in the administrator's zone. */
  until: z
    .number({ error: 'Choose the day the complimentary Pro ends.' })
    .int('Choose the day the complimentary Pro ends.')
    .positive('Choose the day the complimentary Pro ends.'),
});
export type AdminComplimentaryBody = z.infer<typeof AdminComplimentaryBodySchema>;

export const AdminDeleteBodySchema = AdminPersonBodySchema.extend({
  /** The person's email, typed out by the administrator, as the confirmation. */
  confirmation: safeText({ error: "Type the person's email to confirm." })
    .trim()
    .min(1, "Type the person's email to confirm.")
    .max(320, 'That is not their email address, so nothing was deleted.'),
});

export const SUSPENSION_REASON_MAX = 300;

export const AdminSuspendBodySchema = AdminPersonBodySchema.extend({
  reason: safeText({ error: 'Say why, in a sentence the person will read.' })
    .trim()
    .min(1, 'Say why, in a sentence the person will read.')
    .max(SUSPENSION_REASON_MAX, `The reason is at most ${SUSPENSION_REASON_MAX} characters.`),
});
export type AdminSuspendBody = z.infer<typeof AdminSuspendBodySchema>;

export interface AdminPersonChangedResponse {
  ok: true;
  person: AdminPerson;
}

/** A one-time password reset link: the page's path with its token after `#`, and when it stops working (ms). */
export interface ResetLinkResponse {
  ok: true;
  path: string;
  expiresAt: number;
}

/** What a suspended person is told when a sign-in is refused (docs/decisions/037-administrators.md). */
export function suspendedMessage(reason: string | null, supportEmail: string): string {
  const why = reason ? ` Reason: ${reason}` : '';
  return `This account is suspended.${why} Write to ${supportEmail} if you think this is a mistake.`;
}

/** `GET /api/admin/usage`: the assistant's replies, tokens and cost over the last `days` days (decision 037). */
export const AdminUsageQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'Days is a whole number from 1 to 366.' })
    .int('Days is a whole number from 1 to 366.')
    .min(1, 'Days is a whole number from 1 to 366.')
    .max(366, 'Days is a whole number from 1 to 366.')
    .default(30),
});

export interface UsageFigures {
  replies: number;
  promptTokens: number;
  completionTokens: number;
  /** US dollars, from `MODEL_PRICES`; models without a price add nothing (they are listed in `unpriced`). */
  costUsd: number;
}

export interface AdminUsageResponse {
  /** The first moment counted (ms). */
  since: number;
  totals: UsageFigures & { people: number; estimatedReplies: number };
  /** Each UTC day with replies, oldest first. */
  days: (UsageFigures & { day: string })[];
  models: (UsageFigures & { model: string; priced: boolean; estimatedReplies: number })[];
  /** By the plan the person was on when they asked: `people` is how many asked. */
  plans: (UsageFigures & { plan: number; people: number })[];
  /** The ten people whose replies took the most tokens (an account since deleted has no name). */
  heaviest: (UsageFigures & { userId: string | null; name: string | null; email: string | null })[];
  /** Models that answered without a price in `MODEL_PRICES`. */
  unpriced: string[];
}

/** `GET /api/admin/business`: the last `days` UTC days, today included (decision 037 "The business"). */
export const AdminBusinessQuerySchema = AdminUsageQuerySchema;

/** One UTC day of the business. */
export interface BusinessDay {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  signUps: number;
  /** People seen that day: a request carrying their session. */
  active: number;
  /** People whose first payment was that day. */
  newPaid: number;
  /** Paid subscriptions cancelled that day (now or at the period's end). */
  cancellations: number;
}

export interface AdminBusinessResponse {
  /** The start of the first day counted (ms, midnight UTC). */
  since: number;
  /** Every day of the period, oldest first, days without anything included. */
  days: BusinessDay[];
  /** Each week (from Monday, UTC) the period touches: `active` counts each person once. */
  weeks: { week: string; active: number }[];
  people: {
    /** Everyone with an account now. */
    total: number;
    signUps: number;
    /** People seen in the period, each once. */
    active: number;
  };
  /** People on Pro now: `paid` through a subscription, `complimentary` given by an administrator. */
  pro: { total: number; paid: number; complimentary: number };
  revenue: {
    /** Monthly recurring revenue: live paid subscriptions at their list price, a yearly one divided by 12. */
    mrrUsd: number;
    monthly: number;
    yearly: number;
    /** Live subscriptions set to stop at the period's end (counted in the MRR until then). */
    ending: number;
    /** Subscriptions cancelled in the period. */
    cancellations: number;
    newPaid: number;
  };
  /** Of the people who signed up in the period, how many have paid since; `rate` is null without sign-ups. */
  conversion: { signUps: number; converted: number; rate: number | null };
  margins: {
    /**
     * Free, then Pro: `members` on the plan now; `revenueUsd` the period's share of today's MRR (Free none);
     * `costUsd` the replies asked on the plan in the period, priced by `MODEL_PRICES`; `marginUsd` the difference.
     */
    plans: { plan: number; members: number; revenueUsd: number; costUsd: number; marginUsd: number }[];
    /** Models that answered in the period without a price: their replies cost nothing here. */
    unpriced: string[];
  };
}

export interface AdminAuditEntry {
  id: string;
  at: number;
  actorId: string | null;
  via: string;
  action: string;
  targetId: string | null;
  targetEmail: string | null;
  before: unknown;
  after: unknown;
}

export interface AdminAuditResponse {
  entries: AdminAuditEntry[];
}
