/**
 * Response schemas for Partner API v1 (docs/contract/; decisions D1–D25 in docs/decisions/).
 *
 * Tolerance is deliberate: v1 is pre-release and the real service may differ from the sandbox, so
 * a field that drifts must degrade one widget, not break a whole page.
 * - Objects are `z.looseObject`: unknown fields pass through untouched.
 * - Every field is `.nullish()` unless it is a discriminator the contract requires, because a
 *   service that sends `null` for "absent" is as likely as one that omits the key.
 * - Enums are open (`openEnum`): known values keep their literal types for autocomplete, unknown
 *   values still parse as strings. Test `isKnown(...)` before relying on a value.
 * - Date-times stay ISO strings; the UI formats them, and a strict RFC 3339 check would reject
 *   harmless variants (missing seconds, no offset) for no gain.
 */
import { z } from 'zod';
import { ATTACHMENT_KINDS, CHANNEL_TYPES, CONNECTABLE_CHANNEL_TYPES, DELIVERY_STATUSES, EVENT_TYPES } from '@/contract/vocabulary';

/** Known values typed as literals, any other string accepted (`string & {}` keeps autocomplete). */
function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string()]) as unknown as z.ZodType<T[number] | (string & {})>;
}

export function isKnown<const T extends readonly string[]>(values: T, value: unknown): value is T[number] {
  return typeof value === 'string' && values.includes(value);
}

const str = z.string().nullish();
// Not `.int()`: `units` is a double, and a count sent as 2.0 must not fail the page.
const num = z.number().nullish();
const bool = z.boolean().nullish();
/** Kept as the string the service sent; see the file comment for why it is not parsed. */
const dateTime = z.string().nullish();

/** A missing or null list reads as empty so callers can always `.map` it. */
function listOf<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((v): z.output<T>[] => v ?? []);
}

export { CHANNEL_TYPES, CONNECTABLE_CHANNEL_TYPES, DELIVERY_STATUSES, EVENT_TYPES };
export const CHANNEL_STATUSES = ['pending_authorisation', 'connected', 'disabled'] as const;
export const ATTACHMENT_TYPES = ATTACHMENT_KINDS;
export const TRIGGER_ONS = ['dm', 'comment'] as const;
export const TRIGGER_MATCHES = ['contains', 'equal'] as const;
export const ACTION_TYPES = ['text', 'image', 'link', 'delay'] as const;
export const USAGE_SOURCES = ['direct', 'comment', 'story_reply', 'story_mention', 'reel'] as const;

export type ChannelType = (typeof CHANNEL_TYPES)[number];
export type ConnectableChannelType = (typeof CONNECTABLE_CHANNEL_TYPES)[number];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const channelType = openEnum(CHANNEL_TYPES).nullish();

export const PaginationSchema = z.looseObject({
  limit: num,
  offset: num,
  total_count: num,
  has_more: bool,
});
export type Pagination = z.infer<typeof PaginationSchema>;

export const ChannelSummarySchema = z.looseObject({
  id: str,
  type: channelType,
  is_active: bool,
});
export type ChannelSummary = z.infer<typeof ChannelSummarySchema>;

export const RobotSchema = z.looseObject({
  id: str,
  name: str,
  external_id: str,
  channels: listOf(ChannelSummarySchema),
  created_at: dateTime,
});
export type Robot = z.infer<typeof RobotSchema>;

export const RobotListSchema = z.looseObject({
  data: listOf(RobotSchema),
  pagination: PaginationSchema.nullish(),
});
export type RobotList = z.infer<typeof RobotListSchema>;

/** Live channel, as answered by PATCH (where `status` is only in the examples, hence optional). */
export const ChannelSchema = z.looseObject({
  id: str,
  type: channelType,
  robot_id: str,
  username: str,
  is_active: bool,
  connected_at: dateTime,
  status: openEnum(CHANNEL_STATUSES).nullish(),
});
export type Channel = z.infer<typeof ChannelSchema>;

export const PendingChannelSchema = z.looseObject({
  status: z.literal('pending_authorisation'),
  id: str,
  robot_id: str,
  type: channelType,
  /** Opaque: redirect to it exactly as returned, never build or rewrite it. */
  authorisation_url: str,
  expires_at: dateTime,
});
export type PendingChannel = z.infer<typeof PendingChannelSchema>;

/** On connect the contract makes `status` the discriminator, so the live branch requires it. */
const ConnectedChannelSchema = ChannelSchema.extend({ status: openEnum(CHANNEL_STATUSES) });

/**
 * Connect result. The contract's own social_dm example pairs `status: "connected"` with the
 * pending fields, so an `authorisation_url` wins over the status: such a body is normalised to
 * `pending_authorisation` before parsing. `kind` gives TypeScript a real discriminator (a literal
 * status against an open string status cannot narrow).
 */
export const ConnectResultSchema = z.preprocess(
  (body) => {
    if (typeof body === 'object' && body !== null && 'authorisation_url' in body) {
      const url = (body as { authorisation_url?: unknown }).authorisation_url;
      if (typeof url === 'string' && url !== '') return { ...body, status: 'pending_authorisation' };
    }
    return body;
  },
  z.union([
    PendingChannelSchema.transform((channel) => ({ kind: 'pending' as const, channel })),
    ConnectedChannelSchema.transform((channel) => ({ kind: 'live' as const, channel })),
  ]),
);
export type ConnectResult = z.infer<typeof ConnectResultSchema>;

const SourceCountsSchema = z.looseObject({ conversations: num, messages: num });

export const UsageEntrySchema = z.looseObject({
  robot_id: str,
  external_id: str,
  name: str,
  messages: z
    .looseObject({
      total: num,
      /** Billing reconciles against units (2 per message on the enhanced model), not `total`. */
      units: num,
      by_role: z.looseObject({ client: num, ai: num, operator: num }).nullish(),
    })
    .nullish(),
  conversations: z.looseObject({ total: num }).nullish(),
  channels_connected: num,
  // `breakdown=source` fields: the client never asks for them (pre-release), but a service that
  // adds them anyway must still parse.
  channel: str,
  by_source: z.record(z.string(), SourceCountsSchema).nullish(),
  totals: SourceCountsSchema.nullish(),
});
export type UsageEntry = z.infer<typeof UsageEntrySchema>;

export const UsageReportSchema = z.looseObject({
  window: z.looseObject({ from: dateTime, to: dateTime }).nullish(),
  data: listOf(UsageEntrySchema),
  pagination: PaginationSchema.nullish(),
  metadata: z.looseObject({ processed_at: dateTime, cache_hit: bool }).nullish(),
});
export type UsageReport = z.infer<typeof UsageReportSchema>;

export const AttachmentSchema = z.looseObject({
  id: str,
  identifier: str,
  name: str,
  url: str,
  type: openEnum(ATTACHMENT_TYPES).nullish(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export const TriggerSchema = z.looseObject({
  on: openEnum(TRIGGER_ONS).nullish(),
  keywords: listOf(z.string()),
  match: openEnum(TRIGGER_MATCHES).nullish(),
  media_id: str,
});
export type Trigger = z.infer<typeof TriggerSchema>;

/** `type` is what a renderer switches on, so it is the one required field; new types may appear. */
export const ActionSchema = z.looseObject({
  type: openEnum(ACTION_TYPES),
  body: str,
  url: str,
  label: str,
  seconds: num,
});
export type Action = z.infer<typeof ActionSchema>;

export const RuleReplyInCommentSchema = z.looseObject({ body: str });
export type RuleReplyInComment = z.infer<typeof RuleReplyInCommentSchema>;

export const RequireFollowSchema = z.looseObject({
  enabled: bool,
  prompt: str,
  button_text: str,
  retry_prompt: str,
});
export type RequireFollow = z.infer<typeof RequireFollowSchema>;

export const RuleSchema = z.looseObject({
  id: str,
  name: str,
  trigger: TriggerSchema.nullish(),
  actions: listOf(ActionSchema),
  reply_in_comment: RuleReplyInCommentSchema.nullish(),
  then_send_dm: listOf(ActionSchema),
  require_follow: RequireFollowSchema.nullish(),
  /** Contract default is true; left as sent so the UI can tell "absent" from "false". */
  is_active: bool,
  created_at: dateTime,
});
export type Rule = z.infer<typeof RuleSchema>;

const deliveryStatus = openEnum(DELIVERY_STATUSES).nullish();

export const TestEventResultSchema = z.looseObject({
  delivery_id: str,
  status: deliveryStatus,
});
export type TestEventResult = z.infer<typeof TestEventResultSchema>;

export const DeliveryAttemptSchema = z.looseObject({
  attempt: num,
  attempted_at: dateTime,
  response_status: num,
  response_body: str,
  duration_ms: num,
  error: str,
});
export type DeliveryAttempt = z.infer<typeof DeliveryAttemptSchema>;

export const DeliverySchema = z.looseObject({
  delivery_id: str,
  event_id: str,
  event_type: str,
  status: deliveryStatus,
  created_at: dateTime,
  next_attempt_at: dateTime,
  attempts: listOf(DeliveryAttemptSchema),
  payload: z.unknown().optional(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const DeliveryListSchema = z.looseObject({
  data: listOf(DeliverySchema),
  pagination: PaginationSchema.nullish(),
});
export type DeliveryList = z.infer<typeof DeliveryListSchema>;

export const ErrorEnvelopeSchema = z.looseObject({
  error: z
    .looseObject({
      code: str,
      message: str,
      request_id: str,
      details: z.record(z.string(), z.unknown()).nullish(),
    })
    .nullish(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
