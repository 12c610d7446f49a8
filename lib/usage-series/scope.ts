import { SAFE_ID } from '@/lib/ui/search-params';
import type { ThresholdScope } from '@/lib/db/schema';
import type { SeriesScope } from './scope-rows';

/** The series' scope as the URL gives it: `robot` (an id) wins over `customer` (an `external_id`); neither is the account. */
export function seriesScope(robot: string | undefined, customer: string | undefined): SeriesScope {
  if (robot && SAFE_ID.test(robot)) return { kind: 'robot', robotId: robot };
  const externalId = customer?.trim().slice(0, 200);
  return externalId ? { kind: 'customer', externalId } : { kind: 'account' };
}

type ThresholdOf = { scope: ThresholdScope; scopeId: string };

/** The series scope a monthly threshold is for. */
export function thresholdScope(t: ThresholdOf): SeriesScope {
  if (t.scope === 'robot') return { kind: 'robot', robotId: t.scopeId };
  if (t.scope === 'customer') return { kind: 'customer', externalId: t.scopeId };
  return { kind: 'account' };
}

export function sameScope(a: SeriesScope, b: SeriesScope): boolean {
  if (a.kind === 'robot') return b.kind === 'robot' && a.robotId === b.robotId;
  if (a.kind === 'customer') return b.kind === 'customer' && a.externalId === b.externalId;
  return b.kind === 'account';
}

/** Who a threshold is for, in words ("the account", "robot rb_…", "customer cust-1"); capitalised to open a sentence. */
export function thresholdWho(t: ThresholdOf, opening = false): string {
  const words = t.scope === 'account' ? 'the account' : `${t.scope} ${t.scopeId}`;
  return opening ? words.charAt(0).toUpperCase() + words.slice(1) : words;
}
