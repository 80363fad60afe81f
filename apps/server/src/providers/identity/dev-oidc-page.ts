/** The development provider's sign-in page: plain HTML, no script, styled inline (the CSP allows styles only). */
export function devSignInPage(options: { action: string; name?: string; email?: string; error?: string }): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev Sign-in</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; padding: 32px 24px; color: #1f2937; background: #f8fafc; }
  main { max-width: 360px; margin: 0 auto; }
  h1 { font-size: 1.4rem; margin: 0 0 8px; }
  p { font-size: .9rem; line-height: 1.45; color: #4b5563; }
  label { display: block; font-weight: 600; font-size: .9rem; margin: 16px 0 6px; }
  input { box-sizing: border-box; width: 100%; padding: 10px 12px; font-size: 1rem; border: 1px solid #cbd5e1; border-radius: 8px; }
  button { margin-top: 24px; width: 100%; padding: 11px; font-size: 1rem; font-weight: 600; color: #fff; background: #0f766e; border: 0; border-radius: 8px; cursor: pointer; }
  .error { color: #b91c1c; font-weight: 600; }
</style>
</head>
<body>
<main>
<h1>Dev Sign-in</h1>
<p>A development sign-in provider inside Turtle. It signs you in as the name and email you type, without a password. It is never enabled in production.</p>
${error}
<form method="post" action="${escapeHtml(options.action)}">
  <label for="name">Name</label>
  <input id="name" name="name" autocomplete="name" required value="${escapeHtml(options.name ?? '')}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(options.email ?? '')}">
  <button type="submit">Continue</button>
</form>
</main>
</body>
</html>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
