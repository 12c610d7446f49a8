import { z } from 'zod';
import type { Delivery } from '@/lib/partner/schemas';
import { attemptsInOrder, type TimedAttempt } from './attempts';
import { evaluateFailingRule, type FailingStreak } from './failing-rule';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
export const HOURLY_BUCKETS = 24;
export const DAILY_BUCKETS = 30;

export type HealthBucket = {
  /** UTC start of the hour or day, inclusive. */
  start: string;
  /** UTC end, exclusive; the newest bucket holds only what happened up to `now`. */
  end: string;
  attempts: number;
  successes: number;
  /** successes / attempts, between 0 and 1; null when there was no attempt to judge. */
  successRate: number | null;
  /** Nearest-rank percentiles of the attempts' durations; null when no attempt gave one. */
  p50Ms: number | null;
  p95Ms: number | null;
};

export type HealthFigures = { hourly: HealthBucket[]; daily: HealthBucket[] };

/**
 * Nearest rank: the value at 1-based rank ceil(p/100 × n) of the values sorted ascending, so the
 * answer is always a duration that was really measured (no interpolation between two attempts).
 */
export function nearestRank(sortedAscending: readonly number[], p: number): number | null {
  if (sortedAscending.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p * sortedAscending.length) / 100));
  return sortedAscending[rank - 1] ?? null;
}

/**
 * Whole UTC hours or days: the one holding `now` and the ones before it. Each attempt counts in the
 * bucket of its own `attempted_at`, so a delivery whose retries span hours counts in each of them.
 */
function bucketed(attempts: readonly TimedAttempt[], now: Date, size: number, count: number): HealthBucket[] {
  const first = Math.floor(now.getTime() / size) * size - (count - 1) * size;
  const groups = Array.from({ length: count }, () => ({ attempts: 0, successes: 0, durations: [] as number[] }));
  for (const a of attempts) {
    const group = groups[Math.floor((a.at - first) / size)];
    if (!group) continue;
    group.attempts += 1;
    if (a.ok) group.successes += 1;
    if (a.durationMs !== null) group.durations.push(a.durationMs);
  }
  return groups.map((g, i) => {
    const sorted = g.durations.sort((x, y) => x - y);
    return {
      start: new Date(first + i * size).toISOString(),
      end: new Date(first + (i + 1) * size).toISOString(),
      attempts: g.attempts,
      successes: g.successes,
      successRate: g.attempts === 0 ? null : g.successes / g.attempts,
      p50Ms: nearestRank(sorted, 50),
      p95Ms: nearestRank(sorted, 95),
    };
  });
}

/** Per hour over the last 24 hours and per day over the last 30 days, oldest bucket first. */
export function healthFigures(deliveries: readonly Delivery[], now: Date): HealthFigures {
  const attempts = attemptsInOrder(deliveries, now);
  return { hourly: bucketed(attempts, now, HOUR_MS, HOURLY_BUCKETS), daily: bucketed(attempts, now, DAY_MS, DAILY_BUCKETS) };
}

export type HealthSummary = {
  /** Over the hourly buckets (the current hour so far and the 23 before), so it matches the chart. */
  attempts24h: number;
  successRate24h: number | null;
  failing: FailingStreak | null;
};

/** What the overview's one line says; the words are chosen in the page, as for every figure of lib/. */
export function healthSummary(deliveries: readonly Delivery[], now: Date): HealthSummary {
  const attempts = attemptsInOrder(deliveries, now);
  const hourly = bucketed(attempts, now, HOUR_MS, HOURLY_BUCKETS);
  const total = hourly.reduce((n, b) => n + b.attempts, 0);
  const successes = hourly.reduce((n, b) => n + b.successes, 0);
  return { attempts24h: total, successRate24h: total === 0 ? null : successes / total, failing: evaluateFailingRule(attempts).streak };
}

/** What of the D17 envelope names where an event belonged; read tolerantly, like the receiver does. */
const envelopeSchema = z.looseObject({
  robot_id: z.string().nullish(),
  external_id: z.string().nullish(),
  conversation_id: z.string().nullish(),
});

export type NeverDeliveredGroup =
  | { by: 'conversation'; robotId: string | null; externalId: string | null; conversationId: string | null; deliveries: Delivery[] }
  /** The delivery carried no payload naming a robot or conversation (a test event names none). */
  | { by: 'event_type'; eventType: string | null; deliveries: Delivery[] };

/**
 * Deliveries the service gave up on: status `failed`, all 8 attempts spent (D20). Nothing will retry
 * them and the contract offers no replay, so these are events the partner's side never saw. Grouped
 * by robot and conversation when the envelope in `payload` names them, else by event type. Largest
 * group first; within a group, newest delivery first.
 */
export function neverDelivered(deliveries: readonly Delivery[]): NeverDeliveredGroup[] {
  const groups = new Map<string, NeverDeliveredGroup>();
  for (const d of deliveries) {
    if (d.status !== 'failed') continue;
    const envelope = envelopeSchema.safeParse(d.payload);
    const robotId = envelope.success ? (envelope.data.robot_id ?? null) : null;
    const conversationId = envelope.success ? (envelope.data.conversation_id ?? null) : null;
    const named = robotId !== null || conversationId !== null;
    const key = named ? JSON.stringify(['c', robotId, conversationId]) : JSON.stringify(['t', d.event_type ?? null]);
    const group =
      groups.get(key) ??
      (named
        ? { by: 'conversation' as const, robotId, externalId: null, conversationId, deliveries: [] }
        : { by: 'event_type' as const, eventType: d.event_type ?? null, deliveries: [] });
    group.deliveries.push(d);
    groups.set(key, group);
  }
  const newestFirst = (x: Delivery, y: Delivery) => createdMs(y) - createdMs(x);
  return [...groups.values()]
    .map((g) => {
      const sorted = [...g.deliveries].sort(newestFirst);
      return g.by === 'conversation' ? { ...g, deliveries: sorted, externalId: externalIdOf(sorted) } : { ...g, deliveries: sorted };
    })
    .sort((x, y) => y.deliveries.length - x.deliveries.length || createdMs(y.deliveries[0]) - createdMs(x.deliveries[0]));
}

/** An unreadable creation time sorts last rather than failing the list (-8.64e15 is the earliest Date). */
function createdMs(d: Delivery | undefined): number {
  const ms = Date.parse(d?.created_at ?? '');
  return Number.isFinite(ms) ? ms : -8.64e15;
}

/** The robot's `external_id` as the newest of its events gave it; it may have changed since. */
function externalIdOf(deliveries: readonly Delivery[]): string | null {
  for (const d of deliveries) {
    const envelope = envelopeSchema.safeParse(d.payload);
    if (envelope.success && envelope.data.external_id) return envelope.data.external_id;
  }
  return null;
}
