import fc from 'fast-check';
import type { Delivery } from '@/lib/partner/schemas';

// Generated deliveries shaped like the service's (D19, D20): attempts follow the retry schedule, so
// one delivery's attempts cross hour and day boundaries, and the first success ends the delivery.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const RETRY_WAITS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];

/** Ten minutes before a UTC midnight, so early attempts and their retries straddle the day. */
export const BASE = Date.UTC(2026, 10, 20, 23, 50, 0);

type Outcome = { response_status: number | null; response_body: string | null; duration_ms: number; error: string | null };

const success: fc.Arbitrary<Outcome> = fc
  .record({ status: fc.integer({ min: 200, max: 299 }), duration: fc.integer({ min: 0, max: 15_000 }) })
  .map(({ status, duration }) => ({ response_status: status, response_body: 'ok', duration_ms: duration, error: null }));

const failure: fc.Arbitrary<Outcome> = fc.oneof(
  fc
    .record({ status: fc.constantFrom(301, 400, 404, 500, 502, 503), duration: fc.integer({ min: 0, max: 15_000 }) })
    .map(({ status, duration }) => ({ response_status: status, response_body: `body ${status}`, duration_ms: duration, error: null })),
  fc
    .constantFrom('ECONNREFUSED', 'timed out after 15000 ms without an answer')
    .map((error) => ({ response_status: null, response_body: null, duration_ms: 15_000, error })),
  // A 2xx that came too late, with or without the sandbox's note that the body was cut.
  fc.record({ duration: fc.integer({ min: 15_001, max: 40_000 }), cut: fc.boolean() }).map(({ duration, cut }) => ({
    response_status: 200,
    response_body: 'late',
    duration_ms: duration,
    error: cut ? 'body read cut at 15000 ms' : null,
  })),
  fc.constant({ response_status: 204, response_body: '', duration_ms: 900, error: 'socket hang up' }),
);

const payload = fc.oneof(
  fc.constant(undefined),
  fc.constant({ type: 'test', robot_id: null, external_id: null, conversation_id: null, data: { test: true } }),
  fc
    .record({ robot: fc.constantFrom('rb_1', 'rb_2'), conversation: fc.constantFrom('conv_1', 'conv_2', null) })
    .map(({ robot, conversation }) => ({
      type: 'message.received',
      robot_id: robot,
      external_id: `ext-${robot}`,
      conversation_id: conversation,
      data: {},
    })),
);

/** `span` is how far apart the deliveries' creations may lie; a short one makes busy traffic. */
function delivery(span: number, failWeight: number): fc.Arbitrary<Delivery> {
  const outcome = fc.oneof({ arbitrary: failure, weight: failWeight }, { arbitrary: success, weight: 10 - failWeight });
  return fc
    .record({
      // Coarse steps, so attempts share a millisecond and fall exactly 15 minutes apart now and then.
      offset: fc.integer({ min: 0, max: span / (15 * SECOND) }).map((steps) => steps * 15 * SECOND),
      outcomes: fc.array(outcome, { minLength: 0, maxLength: 8 }),
      jitters: fc.array(fc.constantFrom(0, 0, SECOND, 10 * SECOND), { minLength: 8, maxLength: 8 }),
      eventType: fc.constantFrom('message.received', 'chat.started', 'test'),
      payload,
    })
    .map(({ offset, outcomes, jitters, eventType, payload: p }) => {
      const firstOk = outcomes.findIndex(
        (o) => o.response_status !== null && o.error === null && o.response_status < 300 && o.duration_ms <= 15_000,
      );
      const spent = firstOk === -1 ? outcomes : outcomes.slice(0, firstOk + 1);
      let at = BASE + offset;
      const attempts = spent.map((o, i) => {
        if (i > 0) at += (RETRY_WAITS[i - 1] ?? 0) + (jitters[i] ?? 0);
        return { attempt: i + 1, attempted_at: new Date(at).toISOString(), ...o };
      });
      const status = spent.length === 0 ? 'pending' : firstOk !== -1 ? 'succeeded' : spent.length === 8 ? 'failed' : 'retrying';
      return {
        delivery_id: null,
        event_id: null,
        event_type: eventType,
        status,
        created_at: new Date(BASE + offset).toISOString(),
        next_attempt_at: null,
        attempts,
        payload: p,
      };
    });
}

export const deliveriesArbitrary = (options: { maxDeliveries: number }) =>
  fc
    .record({
      span: fc.constantFrom(8 * MINUTE, 16 * MINUTE, 40 * MINUTE, 3 * HOUR, 2 * 24 * HOUR),
      failWeight: fc.integer({ min: 1, max: 9 }),
    })
    .chain(({ span, failWeight }) => fc.array(delivery(span, failWeight), { maxLength: options.maxDeliveries }))
    .map((list): Delivery[] => list.map((d, i) => ({ ...d, delivery_id: `dlv_${String(i).padStart(3, '0')}` })));

/** A moment from before the first attempt to well after the last retries. */
export const nowArbitrary = fc.integer({ min: -HOUR, max: 3 * 24 * HOUR }).map((offset) => new Date(BASE + offset));
