import type { CardMediaType } from '@turtle/shared/card-media';

/**
 * The kind of an image or sound, read from its first bytes as a browser would sniff it, never from its name
 * (docs/decisions/038-card-media.md). Anything else (HTML, SVG, a script, a PDF, a video, text) is null: it is not
 * kept, so nothing served from `/api/cards/media/` can be read as a page that runs script.
 */

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const WAVE = ascii('WAVE');
const OGG = ascii('OggS');
const ID3 = ascii('ID3');
const FTYP = ascii('ftyp');
/** ISO base media brands of audio files (Apple's M4A and M4B, and plain MP4 audio as Anki's recorder may write). */
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'mp42', 'isom', 'mp41', 'iso2', 'dash']);

/** An MPEG audio frame header: 11 sync bits, a known version and layer III (what .mp3 files hold). */
function isMpegFrame(bytes: Uint8Array): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || (bytes[1]! & 0xe0) !== 0xe0) return false;
  const version = (bytes[1]! >> 3) & 3;
  const layer = (bytes[1]! >> 1) & 3;
  const bitrate = bytes[2]! >> 4;
  const rate = (bytes[2]! >> 2) & 3;
  return version !== 1 && layer === 1 && bitrate !== 15 && bitrate !== 0 && rate !== 3;
}

export function sniffMediaType(bytes: Uint8Array): CardMediaType | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'image/gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WAVE, 8)) return 'audio/wav';
  if (startsWith(bytes, OGG)) return 'audio/ogg';
  if (startsWith(bytes, ID3) || isMpegFrame(bytes)) return 'audio/mpeg';
  if (startsWith(bytes, FTYP, 4)) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (AUDIO_BRANDS.has(brand)) return 'audio/mp4';
  }
  return null;
}

export const isAudio = (type: CardMediaType) => type.startsWith('audio/');
