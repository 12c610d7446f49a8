import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createControlClient } from '../../sandbox/control-client/client';
import { startSandboxMain, type SandboxMain } from './sandbox-child';
import { expectAnswer, REQUEST_ID } from './support';

// `npm run sandbox` prints one line per /v1 and control request, and never a credential in it.

const TOKEN = 'request-log-admin-token-0123456789';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function start(env: Record<string, string> = {}): SandboxMain {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-request-log-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const child = startSandboxMain({ DATA_DIR: dir, SANDBOX_ADMIN_TOKEN: TOKEN, ...env });
  cleanups.push(child.stop);
  return child;
}

/** Waits until stdout holds a line matching `pattern` (the line is written once the answer is sent). */
async function lineOf(child: SandboxMain, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const found = child
      .output()
      .split('\n')
      .find((line) => pattern.test(line));
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no line matching ${pattern} in:\n${child.output()}`);
}

describe('the request log on stdout', { timeout: 60_000 }, () => {
  it('prints time, account, method, path, status, duration and request id; never the key, the admin token or a query value', async () => {
    const child = start();
    const url = await child.url;
    const { account_id, api_key } = expectAnswer(await createControlClient(fetch, url, TOKEN).createAccount({ name: 'Log' }), 201);

    const secret = 'tok_query_secret_value_42';
    const response = await fetch(`${url}/v1/robots?limit=5&access_token=${secret}`, { headers: { Authorization: `Bearer ${api_key}` } });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id') ?? '';
    expect(requestId).toMatch(REQUEST_ID);

    const line = await lineOf(child, new RegExp(requestId));
    expect(line).toMatch(
      new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\S+Z ${account_id} GET /v1/robots\\?limit=…&access_token=… 200 \\d+(\\.\\d)?ms ${requestId}$`),
    );
    // A wrong key is logged too, with no account (it is not known) and without the key.
    const refused = await fetch(`${url}/v1/robots`, { headers: { Authorization: 'Bearer pk_live_wrongwrongwrongwrongwrongwrong12' } });
    expect(refused.status).toBe(401);
    expect(await lineOf(child, new RegExp(refused.headers.get('x-request-id') ?? 'none'))).toMatch(/ - GET \/v1\/robots 401 /);

    const control = await lineOf(child, /POST \/sandbox\/api\/accounts 201 /);
    expect(control).toMatch(/ - POST \/sandbox\/api\/accounts 201 \S+ms req_[0-9A-Za-z]{24}$/);
    // A control route naming its account in the path is logged with it.
    await createControlClient(fetch, url, TOKEN).getAccount(account_id);
    expect(await lineOf(child, new RegExp(`GET /sandbox/api/accounts/${account_id} 200`))).toContain(` ${account_id} GET `);

    const output = child.output();
    for (const credential of [api_key, TOKEN, secret, 'pk_live_wrongwrongwrongwrongwrongwrong12']) expect(output).not.toContain(credential);
  });

  it('is silent with SANDBOX_REQUEST_LOG=off, and the recent requests are still kept', async () => {
    const child = start({ SANDBOX_REQUEST_LOG: 'off' });
    const url = await child.url;
    const control = createControlClient(fetch, url, TOKEN);
    const { account_id, api_key } = expectAnswer(await control.createAccount({ name: 'Quiet' }), 201);
    expect((await fetch(`${url}/v1/robots`, { headers: { Authorization: `Bearer ${api_key}` } })).status).toBe(200);
    const kept = expectAnswer(await control.recentRequests(account_id), 200);
    expect(kept.data.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['GET /v1/robots 200']);
    expect(child.output()).not.toMatch(/\/v1\/robots|\/sandbox\/api/);
  });

  it('refuses a SANDBOX_REQUEST_LOG other than on or off', async () => {
    const child = start({ SANDBOX_REQUEST_LOG: 'loud' });
    await expect(child.url).rejects.toThrow(/SANDBOX_REQUEST_LOG must be on or off/);
  });
});
