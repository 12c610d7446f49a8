import 'server-only';
import { and, eq, gte } from 'drizzle-orm';
import { getDb, schema } from '@/lib/db';
import { hourOf, REFUSAL_RETENTION_MS } from '@/lib/inbound-events/refusal-counts';
import type { Delivery, DeliveryAttempt } from '@/lib/partner/schemas';

/**
 * Whether the account's webhook URL is this dashboard's receiver. The Partner API never tells (the
 * URL is set and shown only in the service's panel), so it is read from the newest delivery attempt
 * the watch holds: `ours` when our receiver stored that event (a 2xx) or refused something with the
 * status the attempt was answered (a 401, 413, 422 or 503); `elsewhere` when the attempt got an
 * answer ours did not give, or none; `unknown` with no attempt in the window.
 */
export type ReceiverVerdict = 'ours' | 'elsewhere' | 'unknown';

/** The status our receiver answers each refusal reason with (lib/inbound-events/receiver.ts). */
export const REFUSAL_STATUS: Readonly<Record<string, number>> = {
  unauthorised: 401,
  invalid_signature: 401,
  too_large: 413,
  invalid_event: 422,
  webhook_receiver_not_configured: 503,
};

type Newest = { delivery: Delivery; attempt: DeliveryAttempt };

function newestAttempt(deliveries: readonly Delivery[]): Newest | null {
  let newest: (Newest & { at: number }) | null = null;
  for (const delivery of deliveries) {
    for (const attempt of delivery.attempts) {
      const at = attempt.attempted_at ? Date.parse(attempt.attempted_at) : Number.NaN;
      if (!Number.isNaN(at) && (newest === null || at > newest.at)) newest = { delivery, attempt, at };
    }
  }
  return newest;
}

/** Pure: the verdict from the newest attempt, the event ids our receiver stored and the statuses it refused with. */
export function judgeReceiver(
  deliveries: readonly Delivery[],
  storedEventIds: ReadonlySet<string>,
  refusedStatuses: ReadonlySet<number>,
): ReceiverVerdict {
  const newest = newestAttempt(deliveries);
  if (!newest) return 'unknown';
  const status = newest.attempt.response_status;
  if (typeof status !== 'number') return 'elsewhere';
  if (status >= 200 && status <= 299)
    return newest.delivery.event_id && storedEventIds.has(newest.delivery.event_id) ? 'ours' : 'elsewhere';
  return refusedStatuses.has(status) ? 'ours' : 'elsewhere';
}

/** The verdict for the watched deliveries, asking the store only about the newest attempt's event and the kept refusals. */
export async function receiverVerdict(deliveries: readonly Delivery[], now = Date.now()): Promise<ReceiverVerdict> {
  const newest = newestAttempt(deliveries);
  if (!newest) return 'unknown';
  const db = await getDb();
  const eventId = newest.delivery.event_id;
  const events = schema.webhookEvents;
  // event_id has no index of its own: the event happened before its attempt and retries end within
  // about 30 hours, so the indexed occurred_at bounds the scan.
  const since = new Date(Date.parse(newest.attempt.attempted_at ?? '') - 31 * 3_600_000);
  const stored =
    eventId && !Number.isNaN(since.getTime())
      ? await db
          .select({ eventId: events.eventId })
          .from(events)
          .where(and(eq(events.eventId, eventId), gte(events.occurredAt, since.toISOString())))
          .limit(1)
      : [];
  const refusals = schema.receiverRefusals;
  const reasons = await db
    .selectDistinct({ reason: refusals.reason })
    .from(refusals)
    .where(gte(refusals.hour, hourOf(now) - REFUSAL_RETENTION_MS));
  const statuses = new Set(reasons.map((r) => REFUSAL_STATUS[r.reason]).filter((s): s is number => s !== undefined));
  return judgeReceiver(deliveries, new Set(stored.flatMap((r) => (r.eventId ? [r.eventId] : []))), statuses);
}
