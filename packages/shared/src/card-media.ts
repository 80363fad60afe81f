import { Plan } from './plans';
import type { PlanId } from './entitlements';

/**
 * Card media (docs/decisions/038-card-media.md): the images and sounds an Anki package's cards use, kept per person
 * in the database by their SHA-256 and served from `/api/cards/media/<sha256>` on our own origin.
 */

const MB = 1024 * 1024;

/** One image or sound: a larger one is skipped (and counted) by the import. */
export const CARD_MEDIA_MAX_FILE_BYTES = 10 * MB;

/** All of a person's media together, by plan. */
export const CARD_MEDIA_QUOTA_BYTES: Readonly<Record<PlanId, number>> = {
  [Plan.FREE]: 50 * MB,
  [Plan.PRO]: 2048 * MB,
};

/** The kinds of file kept, each recognised by its first bytes (never by its name or the package's word). */
export const CARD_MEDIA_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/mp4',
] as const;
export type CardMediaType = (typeof CARD_MEDIA_TYPES)[number];

export const CARD_MEDIA_PATH = '/api/cards/media/';
/** The one address a card's `<img>` or `<audio>` may load (packages/shared/src/card-html.ts). */
export const CARD_MEDIA_SRC = /^\/api\/cards\/media\/[0-9a-f]{64}$/;
export const cardMediaUrl = (sha256: string) => `${CARD_MEDIA_PATH}${sha256}`;

/** What the Anki import did with the package's media (or would do: the preview). */
export interface ApkgMediaSummary {
  /** Images and sounds the imported cards use, kept (a file the person already has counts too). */
  kept: number;
  /** Their size together, in bytes. */
  bytes: number;
  /** Files left out: not an image or sound Turtle keeps, too large, a name that is not a file name, missing. */
  skipped: number;
  /** The first reasons, e.g. “notes.html: not an image or sound”. */
  reasons: string[];
  /** The person's media storage, in bytes: in use (before this import) and the plan's allowance. */
  quota: { used: number; max: number };
}

const megabytes = (bytes: number) => `${Math.ceil(bytes / MB).toLocaleString('en-US')} MB`;
const GB = 1024 * MB;
/** A size as the import screens say it: KB under a megabyte, whole gigabytes as GB, else MB. */
export const formatMediaBytes = (bytes: number) => {
  if (bytes < MB) return `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB`;
  return bytes % GB === 0 ? `${(bytes / GB).toLocaleString('en-US')} GB` : megabytes(bytes);
};

export const cardMediaQuotaMessage = (needed: number, quota: { used: number; max: number }) =>
  `This package’s images and sounds take ${formatMediaBytes(needed)} and your plan has room for ` +
  `${formatMediaBytes(Math.max(0, quota.max - quota.used))} more (${formatMediaBytes(quota.max)} in all). Nothing was imported.`;
