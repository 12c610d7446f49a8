import { describe, expect, it } from 'vitest';
import type { NewAccount } from '../../sandbox/control-client/types';
import { DAY, SECOND, expectPurged, fifteenthAfter, monthsBefore, subscriptionBody, texts, type Mix } from './retention-support';
import { postConversation, setUpSandbox } from './support';

// Advances the clock by a month: this file has a sandbox of its own, so no other test's data ages.
const sandbox = setUpSandbox();

interface Case {
  name: string;
  account: Partial<NewAccount>;
  /** Months of history kept; null for no limit. */
  months: number | null;
}

const TIERS = ['basic', 'professional', 'business'] as const;
const MIXES: Mix[] = ['standard', 'social_dm', 'both'];
// The contract's table: Business on a social-DM plan lists none, which the sandbox keeps for ever.
const EXPECTED: Record<(typeof TIERS)[number], Record<Mix, number | null>> = {
  basic: { standard: 6, social_dm: 6, both: 6 },
  professional: { standard: 12, social_dm: 12, both: 12 },
  business: { standard: 12, social_dm: null, both: null },
};

const cases: Case[] = [
  ...TIERS.flatMap((tier) =>
    MIXES.map((mix) => ({ name: `${tier}, ${mix}`, account: subscriptionBody(tier, mix), months: EXPECTED[tier][mix] })),
  ),
  // With several subscriptions the longest retention applies, whichever of the two holds it.
  { name: 'basic standard + professional social-DM', account: { tier: 'basic', social_dm_tier: 'professional' }, months: 12 },
  { name: 'professional standard + basic social-DM', account: { tier: 'professional', social_dm_tier: 'basic' }, months: 12 },
  { name: 'business standard + business social-DM', account: { tier: 'business', social_dm_tier: 'business' }, months: null },
];

describe('history retention per plan and subscription mix (decision 0026)', () => {
  it('after a clock advance, a message just inside the horizon stays and one just past it goes', async () => {
    const start = (await sandbox.now()).getTime();
    // Lands on a 15th at noon: the horizon is then the 15th at noon 6 or 12 months before.
    const target = fifteenthAfter(start, 31);
    const seeded = [];
    for (const c of cases) {
      const account = await sandbox.createAccount(c.account);
      expect((await sandbox.account(account.account_id)).history_retention_months).toBe(c.months);
      const robot = await sandbox.createRobot(account.account_id, { channels: [{ type: 'messenger_bot' }] });
      // For no limit, probe far older than any listed retention: it must still stay.
      const horizon = monthsBefore(target, c.months ?? 36);
      // A minute inside: the clock runs on while the test talks to the sandbox.
      const mixed = await postConversation(sandbox, robot.id, [
        { role: 'client', text: 'past', at: new Date(horizon - SECOND).toISOString() },
        { role: 'ai', text: 'inside', at: new Date(horizon + 60 * SECOND).toISOString() },
      ]);
      const oldOnly = await postConversation(sandbox, robot.id, [
        { role: 'client', text: 'past', at: new Date(horizon - SECOND).toISOString() },
      ]);
      seeded.push({ c, key: account.api_key, mixed, oldOnly });
    }
    // Nothing is past its horizon yet.
    for (const { mixed } of seeded) expect(await texts(sandbox, mixed)).toEqual(['past', 'inside']);

    const now = Date.parse(await sandbox.advanceClock((target - (await sandbox.now()).getTime()) / SECOND));
    expect(now - target).toBeLessThan(DAY);
    for (const { c, key, mixed, oldOnly } of seeded) {
      if (c.months === null) {
        expect(await texts(sandbox, mixed), c.name).toEqual(['past', 'inside']);
        expect(await texts(sandbox, oldOnly), c.name).toEqual(['past']);
      } else {
        expect(await texts(sandbox, mixed), c.name).toEqual(['inside']);
        await expectPurged(sandbox, key, oldOnly);
      }
    }
  });
});

describe('subscriptions on the control API', () => {
  it('keeps the old bodies working: an account without the new fields holds a standard subscription only', async () => {
    const account = await sandbox.createAccount({ tier: 'professional' });
    expect(await sandbox.account(account.account_id)).toMatchObject({
      tier: 'professional',
      standard_plan: true,
      social_dm_tier: null,
      history_retention_months: 12,
    });
  });

  it('sets and clears the social-DM subscription, and refuses an account left with none', async () => {
    const account = await sandbox.createAccount();
    expect(await sandbox.patchAccount(account.account_id, { social_dm_tier: 'business', standard_plan: false })).toMatchObject({
      standard_plan: false,
      social_dm_tier: 'business',
      history_retention_months: null,
    });
    const refused = await sandbox.control<{ error: { code: string } }>('PATCH', `/sandbox/api/accounts/${account.account_id}`, {
      social_dm_tier: null,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('validation_failed');
    const created = await sandbox.control<{ error: { code: string } }>('POST', '/sandbox/api/accounts', {
      name: 'x',
      standard_plan: false,
    });
    expect(created.status).toBe(422);
    expect(await sandbox.patchAccount(account.account_id, { standard_plan: true, social_dm_tier: null })).toMatchObject({
      standard_plan: true,
      social_dm_tier: null,
      history_retention_months: 6,
    });
  });
});
