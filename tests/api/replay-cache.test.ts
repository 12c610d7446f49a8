import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/server';
import { rawRequest } from './hostile-http';
import { ADMIN_TOKEN, REQUEST_ID, expectAnswer, setUpSandbox, type ErrorBody, type RobotBody } from './support';
import { DAY, iso, usage } from './usage-support';

// A read answer is kept and replayed ahead of Hono while the store is unchanged
// (sandbox/http/replay-cache.ts). Everything a partner can observe must be as on the full path.

const sandbox = setUpSandbox();

type RobotPage = { data: RobotBody[]; pagination: { total_count: number } };
const robotsPage = (key: string) => sandbox.api<RobotPage>(key, '/v1/robots?limit=50');
const nonceOf = (headers: Headers) => /'nonce-([^']+)'/.exec(headers.get('content-security-policy') ?? '')?.[1];

describe('answers replayed while the store is unchanged', () => {
  it('each call of a repeated page keeps its own request id, CSP nonce and place in the rate limit', async () => {
    const account = await sandbox.createAccount({ rate_limit_per_minute: 5 });
    await sandbox.createRobot(account.account_id, { name: 'Only robot' });
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await robotsPage(account.api_key));

    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-request-id')).toMatch(REQUEST_ID);
      expect(answer.body).toEqual(answers[0]?.body);
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
    }
    expect(new Set(answers.map((a) => a.headers.get('x-request-id'))).size).toBe(5);
    expect(new Set(answers.map((a) => nonceOf(a.headers))).size).toBe(5);
    expect(answers.map((a) => a.headers.get('ratelimit-remaining'))).toEqual(['4', '3', '2', '1', '0']);

    const refused = await robotsPage(account.api_key);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.headers.get('x-request-id')).toMatch(REQUEST_ID);
  });

  it('a replayed answer is the very bytes of the full path, with the same length and type', async () => {
    const account = await sandbox.createAccount();
    await sandbox.createRobot(account.account_id, { name: 'Bytes “quoted” \u2028 robot' });
    const call = async (path: string) => {
      const response = await fetch(`${sandbox.url}${path}`, { headers: { Authorization: `Bearer ${account.api_key}` } });
      return {
        type: response.headers.get('content-type'),
        length: response.headers.get('content-length'),
        bytes: Buffer.from(await response.arrayBuffer()),
      };
    };
    for (const path of ['/v1/robots?limit=50', '/v1/usage?limit=10']) {
      const [fullPath, kept, replayed] = [await call(path), await call(path), await call(path)];
      // Usage: the first answer is fresh, the second a cache hit taking the full path and kept, the third replayed.
      const reference = path.startsWith('/v1/usage') ? kept : fullPath;
      expect(replayed.bytes.equals(reference.bytes), path).toBe(true);
      expect(replayed.length).toBe(String(reference.bytes.length));
      expect(replayed.type).toBe(reference.type);
    }
  });

  it('a change through the API or the control API shows in the very next answer', async () => {
    const account = await sandbox.createAccount();
    const first = await sandbox.createRobot(account.account_id, { name: 'First' });
    expect((await robotsPage(account.api_key)).body.pagination.total_count).toBe(1);
    expect((await robotsPage(account.api_key)).body.pagination.total_count).toBe(1);

    await sandbox.createRobot(account.account_id, { name: 'Second' });
    expect((await robotsPage(account.api_key)).body.data.map((r) => r.name)).toEqual(['Second', 'First']);

    expect((await sandbox.api(account.api_key, `/v1/robots/${first.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await robotsPage(account.api_key)).body.data.map((r) => r.name)).toEqual(['Second']);
  });

  it('another key on the same URL gets its own account; a wrong, rotated or expired key is refused', async () => {
    const owner = await sandbox.createAccount();
    const stranger = await sandbox.createAccount();
    await sandbox.createRobot(owner.account_id, { name: 'Owned' });
    await robotsPage(owner.api_key);
    await robotsPage(owner.api_key);

    expect((await robotsPage(stranger.api_key)).body.data).toEqual([]);
    // The key with its last character changed; a random key ends in "x" one time in 62.
    const wrongKey = `${owner.api_key.slice(0, -1)}${owner.api_key.endsWith('x') ? 'y' : 'x'}`;
    expect((await robotsPage(wrongKey)).status).toBe(401);

    const rotated = expectAnswer(await sandbox.admin.rotateKey(owner.account_id), 201);
    expect((await robotsPage(owner.api_key)).status).toBe(401);
    expect((await robotsPage(rotated.api_key)).body.data.map((r) => r.name)).toEqual(['Owned']);
    expect((await robotsPage(rotated.api_key)).status).toBe(200);

    // Expiry is a moment, not a write: the clock passing it must refuse the kept page too.
    const now = await sandbox.now();
    await sandbox.patchAccount(owner.account_id, { key_expires_at: new Date(now.getTime() + 30_000).toISOString() });
    await robotsPage(rotated.api_key);
    expect((await robotsPage(rotated.api_key)).status).toBe(200);
    await sandbox.advanceClock(31);
    expect((await robotsPage(rotated.api_key)).status).toBe(401);
  });

  it('an injected fault is answered on a page that was kept', async () => {
    const account = await sandbox.createAccount();
    await robotsPage(account.api_key);
    await robotsPage(account.api_key);
    expectAnswer(await sandbox.admin.addFault({ account_id: account.account_id, path_prefix: '/v1/robots', status: 503, times: 1 }), 201);
    expect((await robotsPage(account.api_key)).status).toBe(503);
    expect((await robotsPage(account.api_key)).status).toBe(200);
  });

  it('a write by another sandbox on the same data directory shows at once', async () => {
    const other = await startSandbox({ port: 0, dataDir: sandbox.dataDir, adminToken: ADMIN_TOKEN, log: () => {} });
    try {
      const account = await sandbox.createAccount();
      await robotsPage(account.api_key);
      await robotsPage(account.api_key);
      const created = await fetch(`${other.url}/sandbox/api/accounts/${account.account_id}/robots`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Made elsewhere' }),
      });
      expect(created.status).toBe(201);
      expect((await robotsPage(account.api_key)).body.data.map((r) => r.name)).toEqual(['Made elsewhere']);
    } finally {
      await other.close();
    }
  });

  it('a cached usage report is replayed until its 60 s on the sandbox clock are over (D13)', async () => {
    const account = await sandbox.createAccount();
    await sandbox.createRobot(account.account_id);
    const now = (await sandbox.now()).getTime();
    const query = { from: iso(now - DAY), to: iso(now + DAY) };
    const first = await usage(sandbox, account.api_key, query);
    const hits = [await usage(sandbox, account.api_key, query), await usage(sandbox, account.api_key, query)];
    for (const hit of hits) expect(hit.body.metadata).toEqual({ processed_at: first.body.metadata.processed_at, cache_hit: true });

    await sandbox.advanceClock(60);
    const fresh = await usage(sandbox, account.api_key, query);
    expect(fresh.body.metadata.cache_hit).toBe(false);
    expect(fresh.body.metadata.processed_at).not.toBe(first.body.metadata.processed_at);
  });
});

describe('two Authorization headers', () => {
  it('are refused with the 401 envelope on the full path and where a kept answer exists alike', async () => {
    const account = await sandbox.createAccount();
    await sandbox.createRobot(account.account_id, { name: 'Kept robot' });
    const key = `Bearer ${account.api_key}`;
    // fetch joins repeated headers into one; the raw client sends each on its own line.
    const page = (authorization: string | string[]) =>
      rawRequest(sandbox.url, { method: 'GET', path: '/v1/robots?limit=50', headers: { authorization } });
    const ambiguous = [
      [key, 'Bearer pk_live_wrong'],
      ['Bearer pk_live_wrong', key],
      [key, key],
    ];
    const expectRefused = async (pair: string[], path: string) => {
      const answer = await page(pair);
      expect(answer.status, `${path}: ${pair.join(' | ')}`).toBe(401);
      const body = JSON.parse(answer.text) as ErrorBody;
      expect(body.error.code).toBe('invalid_key');
      expect(body.error.request_id).toBe(answer.headers['x-request-id']);
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="partner-api"');
    };

    for (const pair of ambiguous) await expectRefused(pair, 'nothing kept');
    // The single key's answer is kept, then replayed; two headers still get the 401.
    expect((await page(key)).status).toBe(200);
    expect((await page(key)).status).toBe(200);
    for (const pair of ambiguous) await expectRefused(pair, 'answer kept');
    const replayed = await page(key);
    expect(replayed.status).toBe(200);
    expect((JSON.parse(replayed.text) as RobotPage).data.map((r) => r.name)).toEqual(['Kept robot']);
  });
});
