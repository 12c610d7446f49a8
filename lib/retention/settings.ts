import 'server-only';
import { z } from 'zod';
import { getDb } from '@/lib/db';
import { deleteSetting, parseJsonSetting, readSetting, writeSetting } from '@/lib/db/settings';
import { planRetention, statedPlanSchema, type RetentionMonths, type StatedPlan } from './policy';

export const PLAN_SETTING = 'retention_plan';
export const OWN_MONTHS_SETTING = 'retention_own_months';

export const ownMonthsSchema = z.number().int().min(1).max(120);

/**
 * The dashboard's own retention of the conversations its receiver stored. The API does not tell
 * the plan, so an admin states it; until then nothing is purged. By default the plan's (the
 * dashboard never shows what the service removed, nor holds personal data longer than it does),
 * shorter if an admin set that.
 */
export type DashboardRetention =
  | { state: 'unstated' }
  | { state: 'stated'; plan: StatedPlan; planMonths: RetentionMonths; ownMonths: number | null; months: RetentionMonths };

export async function dashboardRetention(): Promise<DashboardRetention> {
  const plan = parseJsonSetting(await readSetting(PLAN_SETTING), statedPlanSchema);
  if (!plan) return { state: 'unstated' };
  const planMonths = planRetention(plan);
  const own = parseJsonSetting(await readSetting(OWN_MONTHS_SETTING), ownMonthsSchema);
  // A shorter own retention applies; one the plan has since made longer than the plan's does not.
  const ownMonths = own !== null && (planMonths === null || own <= planMonths) ? own : null;
  return { state: 'stated', plan, planMonths, ownMonths, months: ownMonths ?? planMonths };
}

/** States the plan and the dashboard's own (shorter) retention together; no own retention is the plan's. */
export async function stateRetention(plan: StatedPlan, ownMonths: number | null): Promise<void> {
  await (
    await getDb()
  ).transaction(async (tx) => {
    await writeSetting(PLAN_SETTING, JSON.stringify(plan), tx);
    if (ownMonths === null) await deleteSetting(OWN_MONTHS_SETTING, tx);
    else await writeSetting(OWN_MONTHS_SETTING, JSON.stringify(ownMonths), tx);
  });
}
