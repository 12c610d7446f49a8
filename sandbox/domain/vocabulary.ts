// Closed value sets shared by the stored data, the control API and the /v1 schemas; those the
// contract itself names come from contract/.
import { ATTACHMENT_KINDS, CHANNEL_TYPES, type AttachmentKind } from '../../contract/vocabulary';

export { ATTACHMENT_KINDS, CHANNEL_TYPES, type AttachmentKind };
export const TIERS = ['basic', 'professional', 'business'] as const;
export const ROLES = ['robot_creation', 'social_dm'] as const;
export const MODELS = ['standard', 'enhanced'] as const;
export const CHANNEL_STATUSES = ['connected', 'disabled', 'pending_authorisation'] as const;

export type Tier = (typeof TIERS)[number];
export type Role = (typeof ROLES)[number];
export type Model = (typeof MODELS)[number];
export type ChannelType = (typeof CHANNEL_TYPES)[number];

export const DEFAULT_CAPACITY = 3;
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 300;

export const iso = (ms: number) => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
