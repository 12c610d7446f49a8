import { expect } from 'vitest';
import type { NewAccount } from '../../sandbox/control-client/types';
import { expectError } from './channels-support';
import type { TestSandbox } from './support';

/** Helpers of the retention-*.test.ts files (decision 0026). */

export const SECOND = 1000;
export const DAY = 86_400_000;

/**
 * `months` calendar months before `ms`, written here without the sandbox's code so the tests hold
 * it to the decision; only for days that exist in every month (the tests pick the 15th).
 */
export function monthsBefore(ms: number, months: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds());
}

/** The first 15th of a month, at 12:00:00 UTC, at least `days` days after `ms`. */
export function fifteenthAfter(ms: number, days: number): number {
  const earliest = new Date(ms + days * DAY);
  const candidate = Date.UTC(earliest.getUTCFullYear(), earliest.getUTCMonth(), 15, 12);
  return candidate >= earliest.getTime() ? candidate : Date.UTC(earliest.getUTCFullYear(), earliest.getUTCMonth() + 1, 15, 12);
}

export type Mix = 'standard' | 'social_dm' | 'both';

/** The control body of an account holding the given subscriptions. */
export function subscriptionBody(tier: 'basic' | 'professional' | 'business', mix: Mix): Partial<NewAccount> {
  if (mix === 'standard') return { tier };
  if (mix === 'social_dm') return { standard_plan: false, social_dm_tier: tier };
  return { tier, social_dm_tier: tier };
}

export interface StoredConversation {
  id: string;
  messages: { id: string; text: string; at: string }[];
  events: { type: string; created_at: string }[];
}

export function conversation(sandbox: TestSandbox, id: string) {
  return sandbox.control<StoredConversation>('GET', `/sandbox/api/conversations/${id}`);
}

/** The conversation's stored message texts, oldest first. */
export async function texts(sandbox: TestSandbox, id: string): Promise<string[]> {
  const result = await conversation(sandbox, id);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.messages.map((m) => m.text);
}

/** A purged conversation answers like an unknown one: on the control API and on /v1 (D2 `not_found`). */
export async function expectPurged(sandbox: TestSandbox, key: string, id: string): Promise<void> {
  expectError(await conversation(sandbox, id), 404, 'not_found');
  const typing = await sandbox.api(key, `/v1/conversations/${id}/typing`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ is_typing: true }),
  });
  expectError(typing, 404, 'not_found');
}
