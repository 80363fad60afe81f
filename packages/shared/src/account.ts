import { z } from './zod';
import { AUTH_MESSAGES } from './auth';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { safeText } from './text';

/** How an account signs in: a password of its own, or a "Continue with" provider (no password to change). */
export const SIGN_IN_METHODS = ['password', 'provider'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** `GET /api/account`: what the Account page shows. */
export interface AccountResponse {
  name: string;
  email: string;
  signInMethod: SignInMethod;
  /** When the account was made (ms). */
  createdAt: number;
}

export const ACCOUNT_MESSAGES = {
  enterCurrentPassword: 'Enter your current password',
  wrongCurrentPassword: 'Your current password is not right',
  samePassword: 'Choose a password different from your current one',
  noPassword: 'This account signs in with a "Continue with" button, so it has no password to change.',
  passwordChanged: 'Password changed. Other devices have been signed out.',
  typeEmailToConfirm: 'Type your email address to confirm',
  confirmationMismatch: 'That is not your email address, so nothing was deleted.',
} as const;

/** `POST /api/account/password` (JSON): the current password, then a new one under the signup rules (product.md §5). */
export const ChangePasswordBodySchema = z
  .object({
    currentPassword: safeText({ error: ACCOUNT_MESSAGES.enterCurrentPassword })
      .min(1, ACCOUNT_MESSAGES.enterCurrentPassword)
      .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
    newPassword: safeText({ error: AUTH_MESSAGES.enterPassword })
      .min(1, AUTH_MESSAGES.enterPassword)
      .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
      .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
  })
  .refine((body) => body.currentPassword !== body.newPassword, {
    message: ACCOUNT_MESSAGES.samePassword,
    path: ['newPassword'],
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** `POST /api/account/delete` (JSON): the account's email, typed out, as the confirmation. */
export const DeleteAccountBodySchema = z.object({
  confirmation: safeText({ error: ACCOUNT_MESSAGES.typeEmailToConfirm })
    .trim()
    .min(1, ACCOUNT_MESSAGES.typeEmailToConfirm)
    .max(320, ACCOUNT_MESSAGES.confirmationMismatch),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

/** `POST /api/account/confirm-password` (JSON): the password entered again before an administrator's action. */
export const ConfirmPasswordBodySchema = z.object({
  password: safeText({ error: AUTH_MESSAGES.enterPassword })
    .min(1, AUTH_MESSAGES.enterPassword)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
});
export type ConfirmPasswordBody = z.infer<typeof ConfirmPasswordBodySchema>;

export const OkResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponseSchema>;
