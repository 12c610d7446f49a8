import 'server-only';
import { isMessageEvent, messageTextOf } from './message-text';
import { timingSafeEqual } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { z } from 'zod';

/** The D17 envelope, read tolerantly: a newer service may add fields or event types. */
export const webhookEventSchema = z.looseObject({
  id: z.string().nullish(),
  type: z.string().min(1),
  created_at: z.string().nullish(),
  robot_id: z.string().nullish(),
  external_id: z.string().nullish(),
  conversation_id: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export type StoredEvent = {
  webhookId: string;
  eventId: string | null;
  type: string;
  robotId: string | null;
  externalId: string | null;
  conversationId: string | null;
  isTest: boolean;
  payload: string;
  receivedAt: string;
  /** The envelope's `created_at` as an ISO instant, or `receivedAt` when it has none we can read. */
  occurredAt: string;
  /** A message event's text (what searches match); null for other events. */
  messageText?: string | null;
};

export type ReceiverDeps = {
  secret: string | null;
  authToken: string | null;
  /** Returns false when an event with this webhook-id was stored before (a retry). */
  store: (event: StoredEvent) => boolean | Promise<boolean>;
  now?: () => Date;
};

/** What the receiver reads of a request: a Fetch Request has this shape, and so does node-request.ts's adapter. */
export type WebhookRequest = {
  headers: { get(name: string): string | null };
  text(): Promise<string>;
};

/** Large enough for any D17 event; anything bigger is not ours. */
export const MAX_WEBHOOK_BYTES = 256 * 1024;

/**
 * A date-time with its zone, as D17's `created_at` is written. Anything else (no zone, a bare date,
 * free text) would be read differently by different parsers, so the migration that filled this
 * column for older events accepts exactly the same shape.
 */
const EVENT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * When the event happened, as a sortable ISO instant. An event whose time is missing or unreadable
 * falls back to its arrival: it still needs a place in its thread, and arrival is the best guess left.
 */
export function eventTime(createdAt: string | null | undefined, receivedAt: string): string {
  if (!createdAt || !EVENT_TIME.test(createdAt)) return receivedAt;
  const ms = Date.parse(createdAt);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : receivedAt;
}

type Outcome = { status: number; body: Record<string, unknown> };

function sameToken(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checks the auth token (X-Webhook-Token) and the Standard Webhooks signature (5-minute tolerance),
 * then stores the event once per webhook-id. Test events are recorded as such and not acted on.
 */
export async function receiveWebhook(request: WebhookRequest, deps: ReceiverDeps): Promise<Outcome> {
  if (!deps.secret || !deps.authToken) {
    return {
      status: 503,
      body: {
        error: 'webhook_receiver_not_configured',
        message: 'Set PARTNER_WEBHOOK_SECRET and PARTNER_WEBHOOK_TOKEN to receive events.',
      },
    };
  }
  if (!sameToken(request.headers.get('x-webhook-token'), deps.authToken)) {
    return { status: 401, body: { error: 'unauthorised', message: 'Missing or wrong X-Webhook-Token.' } };
  }
  const declaredLength = Number(request.headers.get('content-length') ?? '0');
  if (declaredLength > MAX_WEBHOOK_BYTES)
    return { status: 413, body: { error: 'too_large', message: `Events are at most ${MAX_WEBHOOK_BYTES} bytes.` } };
  const raw = await request.text();
  if (Buffer.byteLength(raw) > MAX_WEBHOOK_BYTES)
    return { status: 413, body: { error: 'too_large', message: `Events are at most ${MAX_WEBHOOK_BYTES} bytes.` } };

  const headers = {
    'webhook-id': request.headers.get('webhook-id') ?? '',
    'webhook-timestamp': request.headers.get('webhook-timestamp') ?? '',
    'webhook-signature': request.headers.get('webhook-signature') ?? '',
  };
  let parsedBody: unknown;
  try {
    parsedBody = new Webhook(deps.secret).verify(raw, headers);
  } catch (err) {
    // The library parses the body only after the signature held: a signed body that is not JSON is ours to refuse as such.
    if (err instanceof SyntaxError) return { status: 422, body: { error: 'invalid_event', message: 'Signed, but the body is not JSON.' } };
    const reason = err instanceof WebhookVerificationError ? err.message : 'Invalid signature';
    return { status: 401, body: { error: 'invalid_signature', message: reason } };
  }
  const event = webhookEventSchema.safeParse(parsedBody);
  if (!event.success) {
    return { status: 422, body: { error: 'invalid_event', message: 'Signed, but not an event envelope: `type` is required.' } };
  }
  const e = event.data;
  const isTest = e.type === 'test' || e.data?.test === true;
  const receivedAt = (deps.now?.() ?? new Date()).toISOString();
  const stored = await deps.store({
    webhookId: headers['webhook-id'],
    eventId: e.id ?? null,
    type: e.type,
    robotId: e.robot_id ?? null,
    externalId: e.external_id ?? null,
    conversationId: e.conversation_id ?? null,
    isTest,
    payload: raw,
    receivedAt,
    occurredAt: eventTime(e.created_at, receivedAt),
    messageText: isMessageEvent(e.type) ? messageTextOf(parsedBody) : null,
  });
  return { status: 200, body: { received: true, duplicate: !stored, test: isTest } };
}
