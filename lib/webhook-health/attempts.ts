import { isSuccessfulAttempt } from '@/lib/deliveries/attempt-outcome';
import type { Delivery } from '@/lib/partner/schemas';

/** One attempt placed on the time line, with the delivery it belongs to. */
export type TimedAttempt = {
  deliveryId: string;
  /** Its position in its delivery's attempts, used only to order attempts stamped at the same millisecond. */
  attempt: number;
  at: number;
  attemptedAt: string;
  ok: boolean;
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number | null;
};

/**
 * The watch may hand over the same delivery twice (an older read beside a newer one); attempts
 * only ever accumulate, so the copy with the most attempts is the newest.
 */
function distinctDeliveries(deliveries: readonly Delivery[]): Delivery[] {
  const byId = new Map<string, Delivery>();
  const anonymous: Delivery[] = [];
  for (const d of deliveries) {
    if (!d.delivery_id) {
      anonymous.push(d);
      continue;
    }
    const seen = byId.get(d.delivery_id);
    if (!seen || d.attempts.length > seen.attempts.length) byId.set(d.delivery_id, d);
  }
  return [...byId.values(), ...anonymous];
}

/**
 * Every attempt of every delivery, oldest first, up to and including `now`. An attempt stamped after
 * `now` has not happened yet for the caller (asking with an earlier `now` replays the past), and one
 * whose time cannot be read has no place in the sequence, so both are left out. Attempts stamped at
 * the same millisecond are ordered by delivery id, then attempt number, so the answer never depends
 * on the order the deliveries were listed in.
 */
export function attemptsInOrder(deliveries: readonly Delivery[], now: Date): TimedAttempt[] {
  const until = now.getTime();
  const out: TimedAttempt[] = [];
  for (const d of distinctDeliveries(deliveries)) {
    d.attempts.forEach((a, index) => {
      if (!a.attempted_at) return;
      const at = Date.parse(a.attempted_at);
      if (!Number.isFinite(at) || at > until) return;
      out.push({
        deliveryId: d.delivery_id ?? '',
        attempt: typeof a.attempt === 'number' ? a.attempt : index + 1,
        at,
        attemptedAt: a.attempted_at,
        ok: isSuccessfulAttempt(a),
        status: typeof a.response_status === 'number' ? a.response_status : null,
        body: a.response_body ?? null,
        error: a.error ?? null,
        durationMs: typeof a.duration_ms === 'number' && Number.isFinite(a.duration_ms) && a.duration_ms >= 0 ? a.duration_ms : null,
      });
    });
  }
  return out.sort(
    (x, y) => x.at - y.at || (x.deliveryId < y.deliveryId ? -1 : x.deliveryId > y.deliveryId ? 1 : 0) || x.attempt - y.attempt,
  );
}
