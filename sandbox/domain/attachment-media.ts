import { ACCEPTED_MEDIA_TYPES, ALTERNATIVE_MEDIA_SPELLINGS } from '../../contract/vocabulary';
import type { AttachmentKind, Tier } from './vocabulary';
import { ownEntry } from '../own-entry';

export { ACCEPTED_MEDIA_TYPES };

// The contract's attachment table (Limits, "Attachments") and D6/D14, as data.

/** D14: "MB" is 1,048,576 bytes. */
export const MB = 1_048_576;

type Caps = Readonly<Record<AttachmentKind, number>>;

const BASIC_CAPS_MB: Caps = { image: 2, video: 10, voice: 5, document: 5 };
const PROFESSIONAL_CAPS_MB: Caps = { image: 4, video: 20, voice: 10, document: 10 };

/** D6: business uses the professional caps (no agreement overrides them in the sandbox). */
export const CAPS_MB: Readonly<Record<Tier, Caps>> = {
  basic: BASIC_CAPS_MB,
  professional: PROFESSIONAL_CAPS_MB,
  business: PROFESSIONAL_CAPS_MB,
};

/** The largest cap of any tier, in bytes; bodies far above it are refused before they are read. */
export const LARGEST_CAP_BYTES = Math.max(...Object.values(CAPS_MB).flatMap((caps) => Object.values(caps))) * MB;

/** "image/JPG; name=x" → "image/jpeg": the essence, lower-cased, alternative spellings resolved. */
export function normaliseMediaType(declared: string): string {
  const essence = (declared.split(';')[0] ?? '').trim().toLowerCase();
  // The essence is the uploader's declared part type: `constructor` must stay `constructor`.
  return ownEntry(ALTERNATIVE_MEDIA_SPELLINGS, essence) ?? essence;
}

export function kindOf(mediaType: string): AttachmentKind | undefined {
  return Object.hasOwn(ACCEPTED_MEDIA_TYPES, mediaType) ? ACCEPTED_MEDIA_TYPES[mediaType] : undefined;
}

/*
 * What `file-type` may call the leading bytes of each accepted type. Leading bytes name a
 * container, not its tracks, so the check is per container family:
 * - ISO base media (ftyp box): file-type names it by the major brand (isom/mp42 → video/mp4,
 *   "M4A " → audio/x-m4a, "M4V " → video/x-m4v, "qt  " → video/quicktime, 3gp…), whether the
 *   tracks are audio or video. An audio-only .mp4 is branded isom, an iPhone .mov may be branded
 *   mp42, so every declared MP4/MOV/M4A type accepts every such brand (not HEIC/AVIF images).
 * - Ogg: named by its first codec (theora → video/ogg, vorbis/opus/flac → audio/ogg, else
 *   application/ogg); a video/ogg upload accepts any Ogg stream.
 * - RIFF: "AVI " → video/vnd.avi (IANA's name for video/x-msvideo), "WAVE" → audio/wav.
 * - audio/aac is an ADTS stream (sync word 0xFFF); AAC inside an M4A is declared audio/x-m4a or audio/mp4.
 * - WebM only (EBML doctype "webm"); other Matroska files are refused as a mismatch.
 * - PNG includes animated PNG (file-type says image/apng), which is still a PNG file.
 */
const ISO_BMFF = ['video/mp4', 'video/x-m4v', 'video/quicktime', 'audio/mp4', 'audio/x-m4a', 'video/3gpp', 'video/3gpp2'];
const OGG = ['video/ogg', 'audio/ogg', 'application/ogg'];

const SNIFFED_AS: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['image/jpeg'],
  'image/png': ['image/png', 'image/apng'],
  'video/mp4': ISO_BMFF,
  'video/quicktime': ISO_BMFF,
  'audio/mp4': ISO_BMFF,
  'audio/x-m4a': ISO_BMFF,
  'video/webm': ['video/webm'],
  'video/ogg': OGG,
  'video/x-msvideo': ['video/vnd.avi', 'video/x-msvideo'],
  'audio/aac': ['audio/aac'],
  'audio/wav': ['audio/wav'],
  'application/pdf': ['application/pdf'],
};

/** Whether bytes that file-type names `sniffed` (or could not name: undefined) fit the declared type. */
export function bytesMatch(mediaType: string, sniffed: string | undefined): boolean {
  if (sniffed === undefined) return false;
  return (ownEntry(SNIFFED_AS, mediaType) ?? []).includes(normaliseMediaType(sniffed));
}
