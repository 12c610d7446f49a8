import 'server-only';
import { z } from 'zod';
import { readJsonSetting, writeSetting } from '@/lib/db/settings';
import { healthSummary } from './figures';
import { healthWindow } from './window';

/**
 * The endpoint's health as of the last watch pass, kept in the store: the banner on every page and
 * the overview read one row instead of recomputing over a day of deliveries on each view.
 */
const SETTING = 'webhook_health';
const DAY_MS = 86_400_000;

const streakSchema = z.object({
  since: z.string(),
  failedAttempts: z.number(),
  statusCodes: z.array(z.number()),
  lastStatus: z.number().nullable(),
  lastBody: z.string().nullable(),
  lastError: z.string().nullable(),
});
const stateSchema = z.object({
  at: z.string(),
  failing: streakSchema.nullable(),
  attempts24h: z.number(),
  successRate24h: z.number().nullable(),
  sampled: z.boolean(),
});
export type EndpointHealthState = z.infer<typeof stateSchema>;

/** Recomputes the state from the watched deliveries; run after each watch pass. */
export async function refreshEndpointHealth(wall = new Date()): Promise<EndpointHealthState> {
  const window = await healthWindow(DAY_MS, wall);
  const summary = healthSummary(window.deliveries, window.now);
  const state: EndpointHealthState = {
    at: window.now.toISOString(),
    failing: summary.failing,
    attempts24h: summary.attempts24h,
    successRate24h: summary.successRate24h,
    sampled: window.sampled,
  };
  await writeSetting(SETTING, JSON.stringify(state));
  return state;
}

/** The state as last computed; null before the first watch pass. */
export async function endpointHealthState(): Promise<EndpointHealthState | null> {
  return readJsonSetting(SETTING, stateSchema);
}
