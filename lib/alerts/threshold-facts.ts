import type { IncidentFacts } from './incident-facts';
import { thresholdWho } from '@/lib/usage-series/scope';
import type { ThresholdStanding } from '@/lib/usage-series/thresholds';

/** The shares of a monthly threshold that alert: each once per month. */
export const ALERT_LEVELS = [75, 100] as const;

/**
 * A threshold's crossings this month as incident facts: one per level reached (75 % and 100 % of
 * the units), keyed by scope, month and level, so each alerts once per period. Pure.
 */
export function thresholdFacts(standings: readonly ThresholdStanding[], month: string): IncidentFacts[] {
  return standings.flatMap((t) =>
    ALERT_LEVELS.filter((level) => t.monthToDate * 100 >= t.monthlyUnits * level).map((level): IncidentFacts => ({
      key: `usage_threshold:${t.scope}:${t.scopeId}:${month}:${level}`,
      kind: 'usage_threshold',
      oncePerKey: true,
      title: `${thresholdWho(t, true)} reached ${level} % of its ${t.monthlyUnits.toLocaleString('en-GB')} units for ${month}`,
      since: null,
      statusCodes: [],
      reason: `${t.monthToDate.toLocaleString('en-GB')} units so far${t.forecast === null ? '' : `; forecast ${t.forecast.toLocaleString('en-GB')} by the month's end`}`,
      robots: t.scope === 'robot' ? [{ id: t.scopeId, name: null, externalId: null }] : [],
      robotsTotal: t.scope === 'robot' ? 1 : 0,
      customers: t.scope === 'customer' ? [t.scopeId] : [],
      customersTotal: t.scope === 'customer' ? 1 : 0,
      path: '/usage',
    })),
  );
}
