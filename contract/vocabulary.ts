/**
 * The contract's closed value sets (docs/contract/), defined once. The sandbox serves exactly these;
 * the dashboard knows them but still accepts values it has not seen from a real service. This
 * folder imports nothing, so both programs can read it without importing each other.
 */

export const CHANNEL_TYPES = [
  'messenger_bot',
  'social_dm',
  'chat_vendor_a',
  'widget',
  'chat_vendor_b',
  'chat_vendor_c',
  'chat_app',
] as const;

/** The types `POST /v1/robots/{id}/channels` connects; the others are connected in the panel (D8). */
export const CONNECTABLE_CHANNEL_TYPES = ['messenger_bot', 'social_dm'] as const;

export const ATTACHMENT_KINDS = ['image', 'video', 'voice', 'document'] as const;

/** Delivery states (D19). */
export const DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const;

/** A delivery in one of these states will not change again (D19). */
export function isSettledDelivery(status: string | null | undefined): boolean {
  return status === 'succeeded' || status === 'failed';
}

/** Event types of the webhook envelope (D17). */
export const EVENT_TYPES = ['chat.started', 'chat.closed', 'message.received', 'message.sent', 'message.failed', 'test'] as const;

/** Every API key starts with this (D5). */
export const API_KEY_PREFIX = 'pk_live_';

export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** The accepted media types and the kind each presents as (contract, Limits: Attachments). */
export const ACCEPTED_MEDIA_TYPES: Readonly<Record<string, AttachmentKind>> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'video/mp4': 'video',
  'video/quicktime': 'video',
  'video/webm': 'video',
  'video/ogg': 'video',
  'video/x-msvideo': 'video',
  'audio/aac': 'voice',
  'audio/mp4': 'voice',
  'audio/x-m4a': 'voice',
  'audio/wav': 'voice',
  'application/pdf': 'document',
};

/** The accepted alternative spellings, mapped to the type they stand for. */
export const ALTERNATIVE_MEDIA_SPELLINGS: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg',
  'video/avi': 'video/x-msvideo',
  'audio/m4a': 'audio/x-m4a',
  'audio/wave': 'audio/wav',
  'audio/x-wav': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
};
