import Database from 'better-sqlite3';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAnswer, postConversation, setUpSandbox, type AccountCreated } from './support';

// A test suite isolates itself on one sandbox by deleting the accounts it made, or by a reset of
// the whole sandbox: both through the control API and the command line, and nothing of what was
// deleted is left in the store.

const sandbox = setUpSandbox();

// A receiver that takes every delivery at once: each has one attempt, and the counts stay put.
let receiver: Server;
let hook = '';
beforeAll(async () => {
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const cli = (...argv: string[]) => sandbox.cli(...argv);

/** Once every delivery has been taken: then nothing moves in the store until the next call. */
async function deliveriesSettled(): Promise<void> {
  await expect
    .poll(
      () => {
        const rows = rowsPerTable();
        return rows.deliveries !== undefined && rows.deliveries > 0 && rows.delivery_attempts === rows.deliveries;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
}

/** Rows per table of the sandbox's own database, but for its settings (the clock, the key secret). */
function rowsPerTable(): Record<string, number> {
  const db = new Database(path.join(sandbox.dataDir, 'sandbox.sqlite'), { readonly: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('settings', 'sqlite_sequence') ORDER BY name")
      .pluck()
      .all() as string[];
    return Object.fromEntries(tables.map((table) => [table, db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number]));
  } finally {
    db.close();
  }
}

/** An account with a robot, a conversation (messages, events, usage), a test delivery, a fault and logged requests. */
async function busyAccount(name: string): Promise<AccountCreated & { robotId: string }> {
  const account = await sandbox.createAccount({ name, webhook: { url: hook, auth_token: 'tok' } });
  const robot = await sandbox.createRobot(account.account_id);
  await postConversation(sandbox, robot.id, [{ role: 'client' }, { role: 'ai' }, { role: 'operator' }]);
  expect((await sandbox.api(account.api_key, '/v1/webhooks/test', { method: 'POST' })).status).toBe(202);
  expect((await sandbox.api(account.api_key, '/v1/robots')).status).toBe(200);
  const fault = await sandbox.control('POST', '/sandbox/api/faults', {
    account_id: account.account_id,
    path_prefix: '/v1/usage',
    status: 503,
    times: 5,
  });
  expect(fault.status).toBe(201);
  return { ...account, robotId: robot.id };
}

describe('deleting an account and resetting the sandbox', () => {
  it('deletes an account with everything it owns, leaving the store as it was and the other accounts whole', async () => {
    const kept = await busyAccount('Kept');
    await deliveriesSettled();
    const before = rowsPerTable();

    const gone = await busyAccount('Gone');
    await deliveriesSettled();
    expect(rowsPerTable()).not.toEqual(before);

    const unconfirmed = await cli('accounts', 'delete', gone.account_id);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('add --yes to confirm');
    expect((await sandbox.api(gone.api_key, '/v1/robots')).status).toBe(200);

    const deleted = await cli('accounts', 'delete', gone.account_id, '--yes');
    expect(deleted).toMatchObject({ code: 0, stdout: `account ${gone.account_id} deleted with everything it owned` });
    expect(rowsPerTable()).toEqual(before);
    expect((await sandbox.api(gone.api_key, '/v1/robots')).status).toBe(401);
    expect((await sandbox.control('GET', `/sandbox/api/accounts/${gone.account_id}`)).status).toBe(404);
    expect((await sandbox.control('GET', `/sandbox/api/accounts/${gone.account_id}/requests`)).status).toBe(404);
    expect((await sandbox.control('DELETE', `/sandbox/api/accounts/${gone.account_id}`)).status).toBe(404);
    const faults = await sandbox.control<{ data: { account_id?: string }[] }>('GET', '/sandbox/api/faults');
    expect(faults.body.data.map((fault) => fault.account_id)).toEqual([kept.account_id]);

    // The other account: its robot, its conversation, its requests and its fault are all there.
    const robots = await sandbox.api<{ data: { id: string }[] }>(kept.api_key, '/v1/robots');
    expect(robots.body.data.map((robot) => robot.id)).toEqual([kept.robotId]);
    const requests = expectAnswer(await sandbox.admin.recentRequests(kept.account_id), 200);
    expect(requests.data.length).toBeGreaterThan(0);
    expect((await sandbox.api(kept.api_key, '/v1/usage')).status).toBe(503);
  });

  it('resets only when told so plainly; then no account, delivery or outage is left, and the clock stays', async () => {
    await busyAccount('Another');
    expect((await sandbox.control('POST', '/sandbox/api/providers/outage', { until_seconds: 1800 })).status).toBe(201);
    const clockBefore = expectAnswer(await sandbox.admin.clock(), 200).offset_seconds;

    const careless = await sandbox.control('POST', '/sandbox/api/reset', {});
    expect(careless.status).toBe(422);
    expect(JSON.stringify(careless.body)).toContain('delete every account');
    expect((await cli('reset')).stderr).toContain('add --yes to confirm');
    expect(rowsPerTable().accounts).toBe(2);

    const reset = await cli('reset', '--yes');
    expect(reset).toMatchObject({ code: 0, stdout: 'reset: 2 accounts deleted' });
    expect(Object.entries(rowsPerTable()).filter(([, rows]) => rows > 0)).toEqual([]);
    expect(expectAnswer(await sandbox.admin.listAccounts(), 200).data).toEqual([]);
    expect((await sandbox.control('GET', '/sandbox/api/faults')).body).toEqual({ data: [] });
    expect(expectAnswer(await sandbox.admin.clock(), 200).offset_seconds).toBe(clockBefore);

    // And the sandbox goes on as new: an account made now works.
    const fresh = await sandbox.createAccount();
    expect((await sandbox.api(fresh.api_key, '/v1/robots')).status).toBe(200);
  });
});
