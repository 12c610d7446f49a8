import { z } from 'zod';

/**
 * How long the service keeps conversation history, by plan (the contract's retention table): Basic 6
 * months on social-DM and standard plans alike, Professional 1 year, Business 1 year on standard
 * plans and none listed on social-DM plans (kept without a limit). An account holds a standard
 * subscription, a social-DM one or both, each at its own tier; with both, the longer applies.
 */
export const PLAN_TIERS = ['basic', 'professional', 'business'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export const statedPlanSchema = z
  .object({ standard: z.enum(PLAN_TIERS).nullable(), socialDm: z.enum(PLAN_TIERS).nullable() })
  .refine((plan) => plan.standard !== null || plan.socialDm !== null, 'The account holds at least one subscription.');
export type StatedPlan = z.infer<typeof statedPlanSchema>;

/** Months of history, or null for no limit. */
export type RetentionMonths = number | null;

const STANDARD: Record<PlanTier, RetentionMonths> = { basic: 6, professional: 12, business: 12 };
const SOCIAL_DM: Record<PlanTier, RetentionMonths> = { basic: 6, professional: 12, business: null };

export function planRetention(plan: StatedPlan): RetentionMonths {
  const held: RetentionMonths[] = [];
  if (plan.standard) held.push(STANDARD[plan.standard]);
  if (plan.socialDm) held.push(SOCIAL_DM[plan.socialDm]);
  return held.includes(null) ? null : Math.max(...held.map(Number));
}

/** Is `own` (months) no longer than the plan's? No limit is the longest. */
export const withinPlan = (own: number, plan: RetentionMonths) => plan === null || own <= plan;

/**
 * The oldest instant still kept, as the service computes it: `months` calendar months before `now`
 * (UTC), the same day and time of day; where the month lacks that day (31 March − 6 months), the
 * first instant of the month after, so the horizon never moves back as time passes.
 */
export function horizonOf(months: number, now: number): number {
  const at = new Date(now);
  const target = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  if (at.getUTCDate() > lastDay) return Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 1);
  return Date.UTC(
    target.getUTCFullYear(),
    target.getUTCMonth(),
    at.getUTCDate(),
    at.getUTCHours(),
    at.getUTCMinutes(),
    at.getUTCSeconds(),
    at.getUTCMilliseconds(),
  );
}

/**
 * When something that happened at `at` leaves history: the first millisecond whose horizon is past
 * it. The horizon only moves forward with time but stands still across month ends, so this is found
 * by bisection rather than by adding months.
 */
export function goesAt(at: number, months: number): number {
  let low = at;
  let high = at + (months + 1) * 31 * 86_400_000;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (horizonOf(months, mid) > at) high = mid;
    else low = mid;
  }
  return high;
}

export function describeRetention(months: RetentionMonths): string {
  if (months === null) return 'without a limit';
  if (months % 12 === 0) return months === 12 ? '1 year' : `${months / 12} years`;
  return months === 1 ? '1 month' : `${months} months`;
}
