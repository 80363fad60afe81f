import { z } from './zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './constants';
import { MIXED_SCRIPTS_MESSAGE, mixesScriptsConfusably, normalizeEmail } from './email';
import { safeText } from './text';

export { normalizeEmail };

/**
 * The login and signup forms and their endpoints share these schemas (product.md §5), so the browser and the server give
 * the same message for the same mistake. The first failing rule of a field is the one shown.
 */

/** product.md §5: "simple e-mail pattern". */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const AUTH_MESSAGES = {
  enterEmail: 'Enter email',
  notEmail: "Doesn't look like email",
  emailTooLong: `Email must have ${EMAIL_MAX_LENGTH} characters or less`,
  enterPassword: 'Enter password',
  passwordTooShort: `Password must have ${PASSWORD_MIN_LENGTH} characters or more`,
  passwordTooLong: `Password must have ${PASSWORD_MAX_LENGTH} characters or less`,
  enterName: 'Enter name',
  nameTooShort: `Name must have ${NAME_MIN_LENGTH} characters or more`,
  nameTooLong: `Name must have ${NAME_MAX_LENGTH} characters or less`,
  emailNotFound: 'Email not found',
  invalidPassword: 'Incorrect password',
  emailAlreadyUsed: 'Email already in use',
  accountExists: 'An account with this email already exists. Log in with your password.',
} as const;

/**
 * The address is parsed into the one form stored and looked up (email.ts: NFKC, no invisible characters, trimmed,
 * lower-case), and refused when it mixes look-alike alphabets.
 */
const email = safeText({ error: AUTH_MESSAGES.enterEmail })
  .overwrite(normalizeEmail)
  .min(1, AUTH_MESSAGES.enterEmail)
  .max(EMAIL_MAX_LENGTH, AUTH_MESSAGES.emailTooLong)
  .regex(EMAIL_PATTERN, AUTH_MESSAGES.notEmail)
  .refine((value) => !mixesScriptsConfusably(value), MIXED_SCRIPTS_MESSAGE);

/** Passwords are taken exactly as typed: no trimming, no case folding. */
const loginPassword = safeText({ error: AUTH_MESSAGES.enterPassword })
  .min(1, AUTH_MESSAGES.enterPassword)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);

const newPassword = safeText({ error: AUTH_MESSAGES.enterPassword })
  .min(1, AUTH_MESSAGES.enterPassword)
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);

const name = safeText({ error: AUTH_MESSAGES.enterName })
  .trim()
  .min(1, AUTH_MESSAGES.enterName)
  .min(NAME_MIN_LENGTH, AUTH_MESSAGES.nameTooShort)
  .max(NAME_MAX_LENGTH, AUTH_MESSAGES.nameTooLong);

export const LoginBodySchema = z.object({ email, password: loginPassword });
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const SignupBodySchema = z.object({ name, email, password: newPassword });
export type SignupBody = z.infer<typeof SignupBodySchema>;

/** rules.md "Third-party sign-in": the spec's name and email, plus the one-time ticket the popup received. */
export const ThirdPartyLoginBodySchema = z.object({
  name: safeText({ error: AUTH_MESSAGES.enterName }).trim().max(200),
  email,
  /** Optional in the schema: a call without one is refused like a bad ticket (401), not as malformed. */
  ticket: safeText().max(200).optional(),
});
export type ThirdPartyLoginBody = z.infer<typeof ThirdPartyLoginBodySchema>;

/** A one-time link an administrator makes for someone who lost their password lasts this long (decision 037). */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** The page that takes a reset link; the token follows `#`, so it never reaches a server log or a Referer. */
export const RESET_PASSWORD_PATH = '/reset-password';

export const ResetPasswordBodySchema = z.object({
  token: safeText({ error: 'This reset link is not valid. Ask support for a new one.' })
    .min(1, 'This reset link is not valid. Ask support for a new one.')
    .max(200, 'This reset link is not valid. Ask support for a new one.'),
  password: newPassword,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const RESET_LINK_MESSAGES = {
  unknown: 'This reset link is not valid. Check that you copied all of it, or ask support for a new one.',
  used: 'This reset link has already been used. Ask support for a new one.',
  expired: 'This reset link has expired (a link lasts an hour). Ask support for a new one.',
} as const;

/** What the sign-in popup posts to the window that opened it. */
export const SIGN_IN_MESSAGE_TYPE = 'turtle:sign-in';
export const SignInMessageSchema = z.object({
  type: z.literal(SIGN_IN_MESSAGE_TYPE),
  nonce: z.string(),
  name: z.string(),
  email: z.string(),
  ticket: z.string(),
});
export type SignInMessage = z.infer<typeof SignInMessageSchema>;
