import { ACCEPTED_MEDIA_TYPES, ALTERNATIVE_MEDIA_SPELLINGS, type AttachmentKind } from '@/contract/vocabulary';

/**
 * What the contract accepts for attachments (Limits, "Attachments"), so the form can refuse a
 * file the service would refuse before uploading it. Caps depend on the plan, so size is left to
 * the service, whose answer names the cap.
 */
export const ATTACHMENT_MEDIA_TYPES: Readonly<Record<string, AttachmentKind>> = {
  ...ACCEPTED_MEDIA_TYPES,
  ...Object.fromEntries(
    Object.entries(ALTERNATIVE_MEDIA_SPELLINGS).flatMap(([alternative, standard]) => {
      const kind = ACCEPTED_MEDIA_TYPES[standard];
      return kind ? [[alternative, kind]] : [];
    }),
  ),
};

export const ATTACHMENT_ACCEPT = Object.keys(ATTACHMENT_MEDIA_TYPES).join(',');

/** Our own upload route's ceiling: above every plan's largest cap (20 MB video). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

export function attachmentProblem(file: { type: string; size: number; name: string }): string | null {
  if (file.size === 0) return `“${file.name}” is empty. Choose the file again.`;
  if (!ATTACHMENT_MEDIA_TYPES[file.type.toLowerCase()]) {
    const kind = file.type || 'an unknown type';
    return `“${file.name}” is ${kind}, which cannot be sent. Use JPEG or PNG images, MP4, MOV, WebM, Ogg or AVI video, AAC, M4A or WAV audio, or PDF documents.`;
  }
  if (file.size > MAX_UPLOAD_BYTES)
    return `“${file.name}” is ${formatMb(file.size)}; no plan accepts files over 20 MB. Compress it or share a link instead.`;
  return null;
}

export function formatMb(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}
