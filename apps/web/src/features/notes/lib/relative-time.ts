import { DAY_MS, HOUR_MS, MINUTE_MS, RELATIVE_TIME_THRESHOLDS_MS } from '@turtle/shared/constants';

/**
 * product.md §2 "Notes list": when a note was last opened, relative to `now`. "Just now" under 1 minute, "Nm ago" under
 * 60 minutes, "Nh ago" under 24 hours, "Nd ago" under 7 days, else the date in the local format. A time ahead of
 * `now` (the device's clock behind the server's) counts as just now.
 */
export function formatLastAccess(at: number, now: number): string {
  const elapsed = now - at;
  if (elapsed < RELATIVE_TIME_THRESHOLDS_MS.justNow) return 'Just now';
  if (elapsed < RELATIVE_TIME_THRESHOLDS_MS.minutes) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < RELATIVE_TIME_THRESHOLDS_MS.hours) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  if (elapsed < RELATIVE_TIME_THRESHOLDS_MS.days) return `${Math.floor(elapsed / DAY_MS)}d ago`;
  return new Date(at).toLocaleDateString();
}
