import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Delivery, DeliveryAttempt } from '@/lib/partner/schemas';
import { endpointHealth, type FailingState } from '@/lib/webhook-health/failing-rule';
import { BASE, deliveriesArbitrary, nowArbitrary } from './webhook-deliveries-arbitrary';

const MINUTE = 60_000;
const OUTCOMES: Record<string, Omit<DeliveryAttempt, 'attempt' | 'attempted_at'>> = {
  S: { response_status: 200, response_body: 'ok', duration_ms: 120, error: null },
  F: { response_status: 503, response_body: 'down', duration_ms: 80, error: null },
  N: { response_status: 404, response_body: 'no such path', duration_ms: 40, error: null },
  T: { response_status: null, response_body: null, duration_ms: 15_000, error: 'timed out after 15000 ms without an answer' },
  L: { response_status: 200, response_body: 'late', duration_ms: 15_001, error: null },
};

/** One delivery per letter, `step` apart from `start`: each attempt is its own event's first. */
function attempts(pattern: string, start: number, step: number, prefix = 'd'): Delivery[] {
  return [...pattern].map((letter, i) => ({
    delivery_id: `${prefix}${String(i).padStart(3, '0')}`,
    status: null,
    attempts: [{ attempt: 1, attempted_at: new Date(start + i * step).toISOString(), ...OUTCOMES[letter] }],
  }));
}

const now = new Date(BASE + 24 * 60 * MINUTE);
const sparse = (pattern: string) => endpointHealth(attempts(pattern, BASE, 60 * MINUTE), now);
const busy = (pattern: string) => endpointHealth(attempts(pattern, BASE, MINUTE), now);

describe('the failing rule, clause by clause', () => {
  it('fails a quiet endpoint whose last 5 attempts failed, hours apart, and not after 4', () => {
    expect(sparse('SFFFF').state).toBe('healthy');
    const down = sparse('SFFFFF');
    expect(down).toEqual({
      state: 'failing',
      streak: {
        since: new Date(BASE + 60 * MINUTE).toISOString(),
        failedAttempts: 5,
        statusCodes: [503],
        lastStatus: 503,
        lastBody: 'down',
        lastError: null,
      },
    });
  });

  it('counts no answer, a non-2xx and a 2xx after more than 15 s as failures', () => {
    const result = sparse('TNLTF');
    expect(result.state).toBe('failing');
    expect(result.streak?.statusCodes).toEqual([200, 404, 503]);
    expect(sparse('TNLTF').streak?.failedAttempts).toBe(5);
    const noAnswerLast = sparse('FFFFT').streak;
    expect(noAnswerLast).toMatchObject({ lastStatus: null, lastBody: null, lastError: 'timed out after 15000 ms without an answer' });
  });

  it('fails a busy endpoint when at least half of 10 attempts in 15 minutes failed, with no 5 in a row', () => {
    const result = busy('SFSFSFSFSF');
    expect(result.state).toBe('failing');
    expect(result.streak).toMatchObject({ since: new Date(BASE + MINUTE).toISOString(), failedAttempts: 5 });
    expect(busy('SFSFSFSFSS').state).toBe('healthy');
  });

  it('dates a streak both clauses started from the earlier evidence', () => {
    // The tenth attempt is the fifth failure in a row and makes 7 of 10; the window's first failure is older.
    expect(busy('FSFSSFFFFF').streak).toMatchObject({ since: new Date(BASE).toISOString(), failedAttempts: 7 });
  });

  it('does not apply the ratio to fewer than 10 attempts in the window', () => {
    expect(busy('FFFFSFFFS').state).toBe('healthy');
    expect(busy('FSFFFSFFF').state).toBe('healthy');
  });

  it('judges only at a failure: a success that makes it 10 attempts does not raise the banner', () => {
    expect(busy('FFSFFSFSSS').state).toBe('healthy');
    expect(busy('FFSFFSFSSF').state).toBe('failing');
  });

  it('leaves attempts 15 minutes old or older out of the ratio', () => {
    // Six old attempts (4 failed) and eight recent ones (4 failed): 8 of 14 only if both counted.
    const old = attempts('FFSFFS', BASE, 10_000, 'a');
    const recentAt = (start: number) => attempts('SFSFSFSF', start, 30_000, 'b');
    expect(endpointHealth([...old, ...recentAt(BASE + 20 * MINUTE)], now).state).toBe('healthy');
    expect(endpointHealth([...old, ...recentAt(BASE + 5 * MINUTE)], now).state).toBe('failing');
    // Ten attempts, 5 failed; the oldest is exactly 15 minutes before the tenth, so it is out and nine remain.
    const tenAt = (first: number) =>
      attempts('FSFSFSFSSF', BASE, 0, 'e').map((d, i) => ({
        ...d,
        attempts: d.attempts.map((a) => ({
          ...a,
          attempted_at: new Date(i === 0 ? first : i === 9 ? BASE + 15 * MINUTE : BASE + 6 * MINUTE + i * 1000).toISOString(),
        })),
      }));
    expect(endpointHealth(tenAt(BASE), now).state).toBe('healthy');
    expect(endpointHealth(tenAt(BASE + 1), now).state).toBe('failing');
  });

  it('recovers only after 3 successes in a row, and 2 then a failure stays failing', () => {
    expect(sparse('FFFFFSS').state).toBe('failing');
    expect(sparse('FFFFFSSS')).toEqual({ state: 'healthy', streak: null });
    const flapping = sparse('FFFFFSSFSS');
    expect(flapping.state).toBe('failing');
    expect(flapping.streak?.failedAttempts).toBe(6);
    expect(flapping.streak?.since).toBe(new Date(BASE).toISOString());
    expect(sparse('FFFFFSSFSSS').state).toBe('healthy');
  });

  it('starts a new streak after a recovery, counted from its own first failure', () => {
    const again = sparse('FFFFFSSSFFFFF');
    expect(again.streak?.since).toBe(new Date(BASE + 8 * 60 * MINUTE).toISOString());
    expect(again.streak?.failedAttempts).toBe(5);
  });

  it('lists the statuses most frequent first, ties by lower status, and ignores attempts after now', () => {
    const result = sparse('NFFNNT');
    expect(result.streak?.statusCodes).toEqual([404, 503]);
    expect(sparse('NNFFT').streak?.statusCodes).toEqual([404, 503]);
    expect(endpointHealth(attempts('FFFFF', BASE, MINUTE), new Date(BASE + 3 * MINUTE)).state).toBe('healthy');
  });
});

type Flat = { t: number; id: string; n: number; failed: boolean; a: DeliveryAttempt };

/**
 * The rule restated without carried state: the endpoint is failing at the latest attempt when some
 * attempt tripped a clause and no 3 successes in a row followed it. Every clause is recomputed from
 * scratch by scanning the whole sequence.
 */
function naiveRule(deliveries: Delivery[], at: Date): { expected: FailingState; clause: string } {
  const flat: Flat[] = deliveries
    .flatMap((d) =>
      d.attempts.map((a, i) => ({
        t: Date.parse(a.attempted_at ?? ''),
        id: d.delivery_id ?? '',
        n: a.attempt ?? i + 1,
        failed: !(Math.floor((a.response_status ?? 0) / 100) === 2 && !a.error && (a.duration_ms ?? 0) <= 15_000),
        a,
      })),
    )
    .filter((x) => x.t <= at.getTime())
    .sort((x, y) => x.t - y.t || x.id.localeCompare(y.id) || x.n - y.n);
  const last5 = (k: number) => k >= 4 && flat.slice(k - 4, k + 1).every((x) => x.failed);
  const windowOf = (k: number) => flat.slice(0, k + 1).filter((x) => x.t > (flat[k]?.t ?? 0) - 15 * MINUTE);
  const ratio = (k: number) => windowOf(k).length >= 10 && windowOf(k).filter((x) => x.failed).length * 2 >= windowOf(k).length;
  const trips = (k: number) => (flat[k]?.failed ?? false) && (last5(k) || ratio(k));
  const recoveredAfter = (k: number) => flat.some((_, j) => j - 2 > k && flat.slice(j - 2, j + 1).every((x) => !x.failed));
  const k0 = flat.findIndex((_, k) => trips(k) && !recoveredAfter(k));
  if (k0 === -1) return { expected: { state: 'healthy', streak: null }, clause: 'healthy' };
  const candidates = [...(last5(k0) ? [k0 - 4] : []), ...(ratio(k0) ? [flat.indexOf(windowOf(k0).find((x) => x.failed) as Flat)] : [])];
  const failures = flat.slice(Math.min(...candidates)).filter((x) => x.failed);
  const statuses = failures.map((x) => x.a.response_status).filter((s): s is number => typeof s === 'number');
  const count = (s: number) => statuses.filter((x) => x === s).length;
  const last = failures[failures.length - 1]?.a;
  const streak = {
    since: failures[0]?.a.attempted_at ?? '',
    failedAttempts: failures.length,
    statusCodes: [...new Set(statuses)].sort((x, y) => count(y) - count(x) || x - y),
    lastStatus: last?.response_status ?? null,
    lastBody: last?.response_status == null ? null : (last.response_body ?? null),
    lastError: last?.error ?? null,
  };
  return { expected: { state: 'failing', streak }, clause: last5(k0) && ratio(k0) ? 'both' : last5(k0) ? 'last5' : 'ratio' };
}

describe('the failing rule against a naive restatement', () => {
  it('agrees at any moment, whichever clause tripped, and whatever order the deliveries come in', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(deliveriesArbitrary({ maxDeliveries: 30 }), nowArbitrary, (deliveries, at) => {
        const { clause, expected } = naiveRule(deliveries, at);
        seen.add(clause);
        expect(endpointHealth(deliveries, at)).toEqual(expected);
        expect(endpointHealth([...deliveries].reverse(), at)).toEqual(expected);
      }),
      { numRuns: 250 },
    );
    // The generator must reach every branch, or agreement proves little.
    expect(seen).toContain('healthy');
    expect(seen).toContain('last5');
    expect(seen).toContain('ratio');
  });

  it('agrees after every single attempt of a history replayed one attempt at a time', () => {
    fc.assert(
      fc.property(deliveriesArbitrary({ maxDeliveries: 15 }), (deliveries) => {
        const times = [...new Set(deliveries.flatMap((d) => d.attempts.map((a) => Date.parse(a.attempted_at ?? ''))))];
        for (const t of times) {
          expect(endpointHealth(deliveries, new Date(t))).toEqual(naiveRule(deliveries, new Date(t)).expected);
        }
      }),
      { numRuns: 60 },
    );
  });
});
