import { describe, expect, it } from 'vitest';
import type { LoggedRequest } from '../../sandbox/control-client/types';
import { signedInBrowser } from './panel-support';
import { expectAnswer, REQUEST_ID, setUpSandbox, type Json } from './support';

// The recent /v1 requests of an account, as the control API, the command line and the panel show them.

const sandbox = setUpSandbox();
const browser = signedInBrowser(sandbox);

async function recent(accountId: string, limit?: number): Promise<LoggedRequest[]> {
  return expectAnswer(await sandbox.admin.recentRequests(accountId, limit), 200).data;
}

const cli = (...argv: string[]) => sandbox.cli(...argv);

describe('recent requests per account', () => {
  it('keeps each /v1 call newest first with its status and request id, replayed answers included, query values never', async () => {
    const { account_id, api_key } = await sandbox.createAccount();
    const first = await sandbox.api(api_key, '/v1/robots');
    // The same read again is answered from the replay cache, ahead of Hono: it is logged all the same.
    const second = await sandbox.api(api_key, '/v1/robots');
    const missing = await sandbox.api(api_key, '/v1/robots/rob_nope?token=hunter2hunter2');
    const kept = await recent(account_id);
    expect(kept.map((r) => [r.method, r.path, r.status, r.request_id])).toEqual([
      ['GET', '/v1/robots/rob_nope?token=…', missing.status, missing.headers.get('x-request-id')],
      ['GET', '/v1/robots', 200, second.headers.get('x-request-id')],
      ['GET', '/v1/robots', 200, first.headers.get('x-request-id')],
    ]);
    for (const entry of kept) {
      expect(entry.account_id).toBe(account_id);
      expect(entry.request_id).toMatch(REQUEST_ID);
      expect(entry.duration_ms).toBeGreaterThanOrEqual(0);
      expect(Date.parse(entry.at)).not.toBeNaN();
    }
    expect(JSON.stringify(kept)).not.toContain('hunter2');
    expect(JSON.stringify(kept)).not.toContain(api_key);
  });

  it("keeps only the account's own calls, the last 200, and honours ?limit", async () => {
    const a = await sandbox.createAccount({ rate_limit_per_minute: 1000 });
    const b = await sandbox.createAccount();
    await sandbox.api(b.api_key, '/v1/robots');
    for (let i = 0; i < 205; i += 1) await sandbox.api(a.api_key, `/v1/robots/rob_${i}`);
    const kept = await recent(a.account_id);
    expect(kept).toHaveLength(200);
    expect(kept[0]?.path).toBe('/v1/robots/rob_204');
    expect(kept[199]?.path).toBe('/v1/robots/rob_5');
    expect((await recent(a.account_id, 3)).map((r) => r.path)).toEqual(['/v1/robots/rob_204', '/v1/robots/rob_203', '/v1/robots/rob_202']);
    expect((await recent(b.account_id)).map((r) => r.path)).toEqual(['/v1/robots']);
  });

  it('answers 404 for an unknown account and 400 for a bad limit, and is in the control API document', async () => {
    expect((await sandbox.control('GET', '/sandbox/api/accounts/acc_nope/requests')).status).toBe(404);
    const { account_id } = await sandbox.createAccount();
    expect((await sandbox.control('GET', `/sandbox/api/accounts/${account_id}/requests?limit=0`)).status).toBe(400);
    expect((await sandbox.control('GET', `/sandbox/api/accounts/${account_id}/requests?limit=201`)).status).toBe(400);
    const doc = await sandbox.control<{ paths: Record<string, Json> }>('GET', '/sandbox/api/openapi.json');
    expect(doc.body.paths['/sandbox/api/accounts/{account_id}/requests']).toHaveProperty('get');
  });

  it('is listed by the command line (requests and log, with --json)', async () => {
    const { account_id, api_key } = await sandbox.createAccount();
    const call = await sandbox.api(api_key, '/v1/usage');
    const text = await cli('requests', account_id);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/AT\s+METHOD\s+PATH\s+STATUS\s+MS\s+REQUEST/);
    expect(text.stdout).toContain(`/v1/usage  ${call.status}`);
    const json = await cli('log', account_id, '--json', '--limit', '1');
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as { data: LoggedRequest[] };
    expect(parsed.data).toEqual([expect.objectContaining({ path: '/v1/usage', request_id: call.headers.get('x-request-id') })]);
    expect((await cli('requests', account_id, '--limit', 'many')).code).toBe(2);
  });

  it("is shown on the account's panel page", async () => {
    const { account_id, api_key } = await sandbox.createAccount();
    const empty = await browser.get(`/sandbox/panel/accounts/${account_id}`);
    expect(empty.text).toContain('<h2 id="requests">Recent requests</h2>');
    expect(empty.text).toContain('No requests yet.');
    const call = await sandbox.api(api_key, '/v1/robots');
    const page = await browser.get(`/sandbox/panel/accounts/${account_id}`);
    expect(page.text).toContain('<code>/v1/robots</code>');
    expect(page.text).toContain(call.headers.get('x-request-id') ?? 'none');
  });
});
