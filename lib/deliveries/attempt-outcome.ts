import type { DeliveryAttempt } from '@/lib/partner/schemas';

/** D19: only a 2xx answered within this long delivers; anything slower failed, whatever it said. */
export const ATTEMPT_DEADLINE_MS = 15_000;

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
