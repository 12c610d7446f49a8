import type { AccountRow } from '../store/schema';
import type { Tier } from './vocabulary';

/*
 * How long conversation history is kept (decision 0026). The contract's table, per plan family and
 * tier, in calendar months; `null` is "no limit": the contract lists none for Business on a
 * social-DM plan, and the sandbox then keeps history for ever rather than invent a figure.
 */
const STANDARD_MONTHS: Record<Tier, number> = { basic: 6, professional: 12, business: 12 };
const SOCIAL_DM_MONTHS: Record<Tier, number | null> = { basic: 6, professional: 12, business: null };

export interface Subscriptions {
  /** Tier of the standard subscription, or null when the account holds none. */
  standard: Tier | null;
  /** Tier of the social-DM subscription, or null when the account holds none. */
  socialDm: Tier | null;
}

export function subscriptionsOf(account: Pick<AccountRow, 'tier' | 'standardPlan' | 'socialDmTier'>): Subscriptions {
  return { standard: account.standardPlan ? account.tier : null, socialDm: account.socialDmTier };
}

/**
 * Months of history kept: with several subscriptions the longest applies, and "no limit" is longer
 * than any figure. An account with no subscription at all cannot be made (the control API refuses
 * it); should one exist, nothing is purged rather than everything.
 */
export function retentionMonths(subscriptions: Subscriptions): number | null {
  const held: (number | null)[] = [];
  if (subscriptions.standard !== null) held.push(STANDARD_MONTHS[subscriptions.standard]);
  if (subscriptions.socialDm !== null) held.push(SOCIAL_DM_MONTHS[subscriptions.socialDm]);
  if (held.length === 0 || held.includes(null)) return null;
  return Math.max(...(held as number[]));
}

/**
 * The oldest instant still kept: `months` calendar months before `nowMs`, in UTC, same day of the
 * month and same time of day. When that day does not exist in the target month (31 March back 6
 * months: 31 September), the horizon is the first instant of the month after it (1 October,
 * 00:00:00.000), so that it never moves backwards as now moves on. A message at or after the
 * horizon is kept; one before it goes.
 */
export function retentionHorizon(nowMs: number, months: number): number {
  const now = new Date(nowMs);
  const monthIndex = now.getUTCFullYear() * 12 + now.getUTCMonth() - months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12;
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  if (now.getUTCDate() > daysInMonth) return Date.UTC(year, month + 1, 1);
  const timeOfDay = nowMs - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Date.UTC(year, month, now.getUTCDate()) + timeOfDay;
}
