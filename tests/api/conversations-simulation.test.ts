import { describe, expect, it } from 'vitest';
import { expectStatus, setUpSandbox, type ErrorBody } from './support';
import { usage } from './usage-support';

const sandbox = setUpSandbox();

interface HistoryBody {
  account_id: string;
  robots: number;
  conversations: number;
  messages: number;
  from: string;
  to: string;
}

describe('POST /sandbox/api/accounts/{account_id}/simulate-history', () => {
  it('writes a 90-day history with all roles, both models and a weekly rhythm', async () => {
    const account = await sandbox.createAccount({ capacity: 10 });
    await sandbox.createRobot(account.account_id, { name: 'shop', channels: [{ type: 'social_dm' }, { type: 'widget' }] });
    await sandbox.createRobot(account.account_id, { name: 'clinic', channels: [{ type: 'messenger_bot' }] });
    await sandbox.createRobot(account.account_id, { name: 'idle-ish' });

    const result = await sandbox.control<HistoryBody>('POST', `/sandbox/api/accounts/${account.account_id}/simulate-history`, {
      days: 90,
      seed: 42,
    });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ account_id: account.account_id, robots: 3 });
    expect(result.body.messages).toBeGreaterThan(2000);
    expect(result.body.messages).toBeLessThan(8000);
    expect(Date.parse(result.body.to) - Date.parse(result.body.from)).toBe(90 * 86_400_000);

    const report = await usage(sandbox, account.api_key, { from: result.body.from, to: result.body.to });
    const totals = report.body.data.reduce(
      (sum, e) => ({
        messages: sum.messages + e.messages.total,
        units: sum.units + e.messages.units,
        client: sum.client + e.messages.by_role.client,
        ai: sum.ai + e.messages.by_role.ai,
        operator: sum.operator + e.messages.by_role.operator,
        conversations: sum.conversations + e.conversations.total,
      }),
      { messages: 0, units: 0, client: 0, ai: 0, operator: 0, conversations: 0 },
    );
    expect(totals.messages).toBe(result.body.messages);
    expect(totals.conversations).toBe(result.body.conversations);
    expect(totals.client).toBeGreaterThan(0);
    expect(totals.ai).toBeGreaterThan(0);
    expect(totals.operator).toBeGreaterThan(0);
    // Both unit rates appear: more units than messages, fewer than twice as many.
    expect(totals.units).toBeGreaterThan(totals.messages);
    expect(totals.units).toBeLessThan(2 * totals.messages);
  });

  it('answers 404 for an unknown account and 422 for a bad body', async () => {
    const missing = await sandbox.control<ErrorBody>('POST', '/sandbox/api/accounts/acc_missing000000000/simulate-history', { days: 0 });
    expect(missing.status).toBe(404);
    const account = await sandbox.createAccount();
    for (const body of [{ days: 0 }, { days: 367 }, { days: 1.5 }, { seed: -1 }, { days: 10, extra: true }]) {
      const result = await sandbox.control<ErrorBody>('POST', `/sandbox/api/accounts/${account.account_id}/simulate-history`, body);
      expect(result.status, JSON.stringify(body)).toBe(422);
      expect(result.body.error.code).toBe('validation_failed');
    }
  });
});

describe('POST /sandbox/api/simulator', () => {
  it('keeps live conversations going on wall time until switched off', async () => {
    const account = await sandbox.createAccount();
    await sandbox.createRobot(account.account_id);
    const on = await sandbox.control('POST', '/sandbox/api/simulator', {
      account_id: account.account_id,
      enabled: true,
      interval_seconds: 1,
    });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ account_id: account.account_id, enabled: true, interval_seconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const listed = await sandbox.control<{ data: { account_id: string; steps: number }[] }>('GET', '/sandbox/api/simulator');
    const state = listed.body.data.find((s) => s.account_id === account.account_id);
    expect(state?.steps).toBeGreaterThanOrEqual(1);

    const off = await sandbox.control('POST', '/sandbox/api/simulator', { account_id: account.account_id, enabled: false });
    expectStatus(off, 200);
    expect(off.body).toMatchObject({ enabled: false });
    const report = await usage(sandbox, account.api_key);
    expect(report.body.data[0]?.messages.total).toBeGreaterThanOrEqual(2);
  });

  it('validates its body and the account', async () => {
    const bad = await sandbox.control<ErrorBody>('POST', '/sandbox/api/simulator', { account_id: 'x', enabled: 'yes' });
    expect(bad.status).toBe(422);
    const fast = await sandbox.control<ErrorBody>('POST', '/sandbox/api/simulator', {
      account_id: 'x',
      enabled: true,
      interval_seconds: 0.1,
    });
    expect(fast.status).toBe(422);
    const missing = await sandbox.control<ErrorBody>('POST', '/sandbox/api/simulator', {
      account_id: 'acc_missing000000000',
      enabled: true,
    });
    expect(missing.status).toBe(404);
  });
});
