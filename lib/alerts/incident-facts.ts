import { createHash } from 'node:crypto';
import type { AttentionItem } from '@/lib/overview/attention';

/**
 * What an alert says about one incident, read from the overview's attention items: the same rule,
 * the same figures, so an alert never disagrees with the page it links to. Pure.
 */
export type NamedRobot = { id: string; name: string | null; externalId: string | null };

export type IncidentFacts = {
  /** One incident per key at a time: the kind, and for channels the cause. */
  key: string;
  kind: Exclude<AttentionItem['kind'], 'handshakes_pending'> | 'usage_threshold';
  /**
   * Alerted at most once per key, ever, and not when it ends: a threshold crossed in a month
   * (its key names the month and the level) is news once, however often the figures dip below.
   * An incident that found no destination to alert does not count.
   */
  oncePerKey?: boolean;
  title: string;
  /** ISO instant the trouble began, when known. */
  since: string | null;
  statusCodes: number[];
  reason: string | null;
  /** The first robots affected (up to the number asked for), and how many in all. */
  robots: NamedRobot[];
  robotsTotal: number;
  /** Customers (`external_id`) affected: the first few, and how many in all. */
  customers: string[];
  customersTotal: number;
  /** Where it is seen and fixed, a path of the dashboard. */
  path: string;
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

const CAUSE_TITLES: Record<string, string> = {
  plan_lapsed: 'Plan lapsed',
  role_missing: 'Social-DM role missing',
  unknown: 'Turned off outside the dashboard',
};

function distinctRobots(robots: NamedRobot[], limit: number): NamedRobot[] {
  return [...new Map(robots.map((robot) => [robot.id, robot])).values()].slice(0, limit);
}

const customersOf = (robots: NamedRobot[]) => [...new Set(robots.flatMap((robot) => (robot.externalId ? [robot.externalId] : [])))];

const none = { statusCodes: [], reason: null, robots: [], robotsTotal: 0, customers: [], customersTotal: 0 };

export function incidentFacts(items: AttentionItem[], limit = 20): IncidentFacts[] {
  return items.flatMap((item): IncidentFacts[] => {
    switch (item.kind) {
      case 'key_refused':
        return [
          {
            ...none,
            key: 'key_refused',
            kind: item.kind,
            title: "The service refuses the dashboard's API key",
            since: item.refusal.at,
            statusCodes: [401],
            reason: 'invalid_key',
            path: '/settings',
          },
        ];
      case 'deliveries_failing': {
        const streak = item.streak;
        const last = streak.lastError ?? (streak.lastStatus === null ? 'no answer' : `HTTP ${streak.lastStatus}`);
        return [
          {
            ...none,
            key: 'deliveries_failing',
            kind: item.kind,
            title: 'Webhook deliveries are failing',
            since: streak.since,
            statusCodes: streak.statusCodes,
            reason: streak.lastBody ? `${last}: ${streak.lastBody.slice(0, 200)}` : last,
            path: '/webhooks#health',
          },
        ];
      }
      case 'channels_off':
        return item.groups.map((group) => {
          const robots = distinctRobots(
            group.first.map((c) => ({ id: c.robotId, name: c.robotName, externalId: c.externalId })),
            limit,
          );
          const customers = customersOf(robots);
          return {
            ...none,
            key: `channels_off:${group.cause}`,
            kind: item.kind,
            title: `${CAUSE_TITLES[group.cause] ?? group.cause}: ${plural(group.channels, 'channel', 'channels')} off across ${plural(group.robots, 'robot', 'robots')}`,
            since: group.since,
            reason: group.cause,
            robots,
            robotsTotal: group.robots,
            customers,
            customersTotal: customers.length,
            path: '/',
          };
        });
      case 'replies_failed': {
        const robots = distinctRobots(
          item.groups.map((g) => ({ id: g.robotId, name: g.robotName, externalId: null })),
          limit,
        );
        const customers = [...new Set(item.groups.flatMap((g) => g.customers))];
        return [
          {
            ...none,
            key: 'replies_failed',
            kind: item.kind,
            title: `${plural(item.total, 'reply', 'replies')} did not reach the customer in the last 24 h`,
            since: null,
            reason: [...new Set(item.groups.map((g) => g.reason))].join(', '),
            robots,
            robotsTotal: new Set(item.groups.map((g) => g.robotId)).size,
            customers: customers.slice(0, limit),
            customersTotal: Math.max(
              customers.length,
              item.groups.reduce((n, g) => n + g.customerCount, 0),
            ),
            path: '/',
          },
        ];
      }
      case 'silence': {
        const robots = item.robots.flatMap((r) => (r.robotId ? [{ id: r.robotId, name: r.robotName, externalId: r.externalId }] : []));
        const quietSince = [...item.robots, ...(item.account ? [item.account] : [])].map((r) => r.lastEventAt).sort()[0] ?? null;
        const customers = customersOf(robots);
        return [
          {
            ...none,
            key: 'silence',
            kind: item.kind,
            title: item.account ? 'No events for 2 hours on the whole account' : 'No events for 2 hours where they usually arrive',
            since: quietSince,
            reason: item.account ? 'account' : 'robots',
            robots: robots.slice(0, limit),
            robotsTotal: robots.length,
            customers,
            customersTotal: customers.length,
            path: '/',
          },
        ];
      }
      case 'handshakes_pending':
        return [];
    }
  });
}

/** What must change for an incident to count as updated: not every new failed attempt. */
export function factsDigest(facts: IncidentFacts): string {
  const basis = [
    facts.since,
    [...facts.statusCodes].sort(),
    facts.reason,
    facts.robots.map((r) => r.id),
    facts.robotsTotal,
    facts.customersTotal,
  ];
  return createHash('sha256').update(JSON.stringify(basis)).digest('base64url').slice(0, 22);
}
