import { createHash } from 'node:crypto';
import type { SignInMessage } from '@turtle/shared/auth';

/**
 * The last page of the sign-in popup. Its one inline script is allowed by its hash (no `unsafe-inline`): it posts
 * the result to the window that opened it, only if that window is on our own origin, then closes the popup.
 * A failed sign-in posts nothing (product.md: the opener shows nothing).
 */
const SCRIPT = `(function () {
  var data = JSON.parse(document.getElementById('sign-in-result').textContent);
  try {
    if (data.message && window.opener && window.opener.location.origin === data.origin) {
      window.opener.postMessage(data.message, data.origin);
    }
  } catch (error) {}
  window.close();
})();`;

export const POPUP_SCRIPT_HASH = `sha256-${createHash('sha256').update(SCRIPT).digest('base64')}`;

export const POPUP_PAGE_CSP = [
  "default-src 'none'",
  `script-src '${POPUP_SCRIPT_HASH}'`,
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function popupPage(origin: string, message: SignInMessage | null): string {
  // `<` escaped so no value can close the script element early.
  const data = JSON.stringify({ origin, message }).replace(/</g, '\\u003c');
  const text = message ? 'Signing you in…' : 'Sign-in did not complete. You can close this window.';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in</title></head>
<body style="font-family: system-ui, sans-serif; padding: 32px; color: #374151">
<p>${text}</p>
<script type="application/json" id="sign-in-result">${data}</script>
<script>${SCRIPT}</script>
</body>
</html>`;
}
