import { perUser, type RateLimitRule } from '../../../plugins/rate-limit';

export const IMPORTS_PER_MINUTE = 20;

/** CSV and Anki imports, previews included, count on one counter (one name): this many a minute per person. */
export const IMPORT_RATE_LIMIT: RateLimitRule = {
  name: 'cards-import',
  max: IMPORTS_PER_MINUTE,
  windowMs: 60_000,
  key: perUser,
};
