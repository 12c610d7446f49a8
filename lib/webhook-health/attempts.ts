import type { Delivery, DeliveryAttempt } from '@/lib/partner/schemas';

/** D19: only a 2xx answered within this long delivers; anything slower failed, whatever it said. */
export const ATTEMPT_DEADLINE_MS = 15_000;

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
 * An error beside a 2xx (the sandbox records one when the body was cut at the deadline) fails the
 * attempt too: the answer did not arrive whole in time, which is what the contract asks for.
 */
export function isSuccessfulAttempt(attempt: DeliveryAttempt): boolean {
  const status = attempt.response_status;
  if (typeof status !== 'number' || status < 200 || status > 299) return false;
  if (attempt.error) return false;
  const duration = attempt.duration_ms;
  return !(typeof duration === 'number' && duration > ATTEMPT_DEADLINE_MS);
}

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
