// Debian's Chromium and the flags this machine needs (no sandbox as root, no GPU, no network chatter).
// Shared by the e2e tests and the screenshot script; Playwright never downloads a browser here.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROMIUM_MISSING = `Chromium is missing at ${CHROMIUM_PATH}: install it with "apt-get update && apt-get install -y chromium".`;
