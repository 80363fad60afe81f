import { SignInMessageSchema, type SignInMessage } from '@turtle/shared/auth';
import { SIGN_IN_POPUP_HEIGHT, SIGN_IN_POPUP_WIDTH } from '@turtle/shared/constants';
import { signInStartUrl } from '../api/sign-in-start-url';

const POPUP_NAME = 'turtle-sign-in';
const POLL_MS = 250;
/** After the popup closes, how long its last message may still be on its way. */
const CLOSE_GRACE_MS = 500;

/** The part of the popup window the opener looks at. */
export interface PopupHandle {
  readonly closed: boolean;
  close(): void;
}

export interface WaitForSignInOptions {
  /** Where the popup's message arrives: the opener's window. */
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** The only origin a message is accepted from: our own. */
  origin: string;
  popup: PopupHandle;
  nonce: string;
  signal?: AbortSignal;
  pollMs?: number;
  graceMs?: number;
}

/** A random value for one sign-in: the popup's message must echo it (16 to 128 of [A-Za-z0-9_-]). */
export function newSignInNonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(24)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The sign-in result in `event`, if it came from our popup, on our origin, for this sign-in; else null. */
export function readSignInMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  expected: { origin: string; popup: PopupHandle; nonce: string },
): SignInMessage | null {
  if (event.origin !== expected.origin || event.source !== expected.popup) return null;
  const parsed = SignInMessageSchema.safeParse(event.data);
  return parsed.success && parsed.data.nonce === expected.nonce ? parsed.data : null;
}

/**
 * Resolves with the popup's sign-in result, or with null once the popup is closed without one (product.md: a failed or
 * abandoned sign-in returns nothing) or `signal` aborts. Never rejects.
 */
export function waitForSignIn(options: WaitForSignInOptions): Promise<SignInMessage | null> {
  const { target, popup, signal, pollMs = POLL_MS, graceMs = CLOSE_GRACE_MS } = options;
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(null);
    let grace: ReturnType<typeof setTimeout> | undefined;
    const poll = setInterval(() => {
      if (!popup.closed || grace !== undefined) return;
      clearInterval(poll);
      grace = setTimeout(() => finish(null), graceMs);
    }, pollMs);
    const onMessage = (event: Event) => {
      const message = readSignInMessage(event as MessageEvent, options);
      if (message) finish(message);
    };
    const onAbort = () => finish(null);
    const finish = (result: SignInMessage | null) => {
      target.removeEventListener('message', onMessage);
      signal?.removeEventListener('abort', onAbort);
      clearInterval(poll);
      clearTimeout(grace);
      resolve(result);
    };
    target.addEventListener('message', onMessage);
    signal?.addEventListener('abort', onAbort);
  });
}

/** Centred on the current window, the spec's 500 by 600. */
function popupFeatures(): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - SIGN_IN_POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - SIGN_IN_POPUP_HEIGHT) / 2));
  return `popup,width=${SIGN_IN_POPUP_WIDTH},height=${SIGN_IN_POPUP_HEIGHT},left=${left},top=${top}`;
}

/**
 * rules.md "Third-party sign-in": opens the provider's sign-in in a popup and waits for its `{name, email,
 * ticket}`. Call it straight from a click, or the browser blocks the popup. A blocked, closed or failed popup
 * resolves with null.
 */
export async function signInWithPopup(signal?: AbortSignal): Promise<SignInMessage | null> {
  const nonce = newSignInNonce();
  const popup = window.open(signInStartUrl(nonce), POPUP_NAME, popupFeatures());
  if (!popup) return null;
  const message = await waitForSignIn({ target: window, origin: window.location.origin, popup, nonce, signal });
  if (!popup.closed) popup.close();
  return message;
}
