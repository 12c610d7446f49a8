import { setUpTestStore } from './use-test-store';
import { describe, expect, it } from 'vitest';

await setUpTestStore('budget_configured');
// Read once per process, before the budget first asks: this file's server has both set.
process.env.PARTNER_RATE_LIMIT_PER_MINUTE = '200';
process.env.DASHBOARD_CALL_SHARE_PERCENT = '50';

const { budgetState, noteRateLimit, reserveCall, CallBudgetSpentError } = await import('@/lib/connection/budget');

describe('a call budget whose limit and share are configured', () => {
  it('takes the configured limit and share, and keeps them whatever limit the API states', async () => {
    const now = 4_000_000_000_000;
    expect(await budgetState(now)).toEqual({
      limit: 200,
      limitSource: 'configured',
      sharePercent: 50,
      allowance: 100,
      syncAllowance: 50,
      usedLastMinute: 0,
    });
    await noteRateLimit(1000);
    expect(await budgetState(now)).toMatchObject({ limit: 200, limitSource: 'configured', allowance: 100 });
  }, 120_000);

  it('refuses the configured share’s next call, naming that share and limit', async () => {
    const now = 4_100_000_000_000;
    for (let i = 0; i < 50; i++) await reserveCall('sync', now);
    const error: unknown = await reserveCall('sync', now).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(CallBudgetSpentError);
    expect(error).toMatchObject({ allowance: 50, limit: 200, retryInSeconds: 60 });
  }, 60_000);
});
