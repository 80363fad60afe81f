import { isIP } from 'node:net';

/**
 * Whether a listen address only takes connections from this machine. `localhost` and 127.0.0.0/8 and ::1 do;
 * `0.0.0.0`, `::`, a LAN address or any other host name may be reached from elsewhere.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || /^::ffff:127\./.test(bare);
  return false;
}
