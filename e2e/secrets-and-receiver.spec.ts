import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { expect, logIn, test } from './fixtures';
import { E2E } from './e2e-env';
import { everySignedInPage } from './helpers';

type DemoAccount = { webhook_secret: string; webhook_auth_token: string; api_key?: string };
const demo = (): DemoAccount => JSON.parse(fs.readFileSync(path.join(E2E.dataDir, 'demo-account.json'), 'utf8')) as DemoAccount;

test('no page and no built script, as admin or as viewer, carries a key or a secret', async ({ browser, control, apiKey }) => {
  const { webhook_secret, webhook_auth_token } = demo();
  const secrets = [
    apiKey,
    apiKey.slice(8, 24),
    webhook_secret,
    webhook_secret.slice(6, 30),
    webhook_auth_token,
    E2E.adminToken,
    'e2e-auth-secret-0123456789',
  ];
  const setup = await browser.newPage();
  const { paths } = await everySignedInPage(setup, control);
  await setup.close();
  for (const role of ['admin', 'viewer'] as const) {
    // A context of its own per role: no session carries over.
    const page = await (await browser.newContext()).newPage();
    await logIn(page, role);
    const scripts = new Set<string>();
    for (const url of paths) {
      const res = await page.goto(url);
      const html = (await res?.text()) ?? '';
      for (const secret of secrets) expect(html.includes(secret), `${url} as ${role} shows a secret`).toBe(false);
      for (const src of await page.locator('script[src]').evaluateAll((els) => els.map((el) => el.getAttribute('src') ?? '')))
        scripts.add(src);
    }
    expect(scripts.size).toBeGreaterThan(3);
    for (const src of scripts) {
      const body = await (await page.request.get(src)).text();
      for (const secret of secrets) expect(body.includes(secret), `${src} carries a secret`).toBe(false);
    }
    await page.close();
  }
});

test('the receiver stores each of 1,000 concurrent genuine events once, duplicates included, and refuses every forged one', async ({
  request,
}) => {
  const { webhook_secret, webhook_auth_token } = demo();
  const signer = new Webhook(webhook_secret);
  const forger = new Webhook(`whsec_${Buffer.from('not the partner secret, 32 bytes!').toString('base64')}`);
  const tag = Date.now().toString(36);
  const post = (id: string, body: string, sign: Webhook, token = webhook_auth_token) => {
    const at = new Date();
    return request.post('/api/webhooks/partner', {
      data: body,
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': sign.sign(id, at, body),
        'x-webhook-token': token,
      },
    });
  };
  const genuine = Array.from({ length: 1000 }, (_, i) => ({
    id: `msg_burst_${tag}_${i}`,
    body: JSON.stringify({ id: `evt_${tag}_${i}`, type: 'test', data: { test: true } }),
  }));
  const sends = [...genuine, ...genuine.filter((_, i) => i % 5 === 0)];
  const forged = Array.from({ length: 100 }, (_, i) => ({
    id: `msg_forged_${tag}_${i}`,
    body: JSON.stringify({ id: `evt_forged_${tag}_${i}`, type: 'test', data: { test: true } }),
  }));
  const answers: { id: string; status: number; duplicate: unknown }[] = [];
  const forgedAnswers: number[] = [];
  // 50 in flight at a time, genuine, duplicated and forged deliveries mixed.
  const queue = [
    ...sends.map((e) => ({
      run: async () => {
        const response = await post(e.id, e.body, signer);
        const body = (await response.json()) as { duplicate?: unknown };
        answers.push({ id: e.id, status: response.status(), duplicate: body.duplicate });
      },
    })),
    ...forged.map((e, i) => ({
      run: async () =>
        forgedAnswers.push((await (i % 2 ? post(e.id, e.body, forger) : post(e.id, e.body, signer, 'wrong-token'))).status()),
    })),
  ].sort(() => Math.random() - 0.5);
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      for (let job = queue.pop(); job; job = queue.pop()) await job.run();
    }),
  );
  expect(answers.every((a) => a.status === 200)).toBe(true);
  expect(answers).toHaveLength(sends.length);
  // The store says, per delivery, whether it already held that webhook-id: each id was new exactly once.
  const firstStores = new Map<string, number>();
  for (const a of answers) if (a.duplicate === false) firstStores.set(a.id, (firstStores.get(a.id) ?? 0) + 1);
  expect(firstStores.size).toBe(1000);
  expect([...firstStores.values()].every((n) => n === 1)).toBe(true);
  expect(answers.filter((a) => a.duplicate === true)).toHaveLength(sends.length - 1000);
  expect(forgedAnswers.every((status) => status === 401)).toBe(true);
  expect(forgedAnswers).toHaveLength(forged.length);
  // None of the forged ones was stored: sent now with the right signature, each is new to the store.
  for (const e of forged.slice(0, 20)) {
    const response = await post(e.id, e.body, signer);
    expect(((await response.json()) as { duplicate?: unknown }).duplicate, e.id).toBe(false);
  }
});

test('the receiver answers what is wrong with a delivery: method, token, size (with or without Content-Length), body', async ({
  request,
  baseURL,
}) => {
  const { webhook_secret, webhook_auth_token } = demo();
  const signer = new Webhook(webhook_secret);
  const signedHeaders = (id: string, body: string) => {
    const at = new Date();
    return {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signer.sign(id, at, body),
      'x-webhook-token': webhook_auth_token,
    };
  };
  const tag = Date.now().toString(36);

  const get = await request.get('/api/webhooks/partner');
  expect(get.status()).toBe(405);
  expect(get.headers()['allow']).toBe('POST');

  const noToken = await request.post('/api/webhooks/partner', { data: '{}', headers: { 'content-type': 'application/json' } });
  expect(noToken.status()).toBe(401);
  expect(await noToken.json()).toMatchObject({ error: 'unauthorised' });

  const notJson = 'this is not json';
  const signedNotJson = await request.post('/api/webhooks/partner', {
    // A Buffer is sent as is: Playwright would quote a string that is not JSON under a JSON content type.
    data: Buffer.from(notJson),
    headers: signedHeaders(`msg_nj_${tag}`, notJson),
  });
  expect(signedNotJson.status()).toBe(422);
  expect(await signedNotJson.json()).toMatchObject({ error: 'invalid_event' });

  // 300 KiB, over the 256 KiB limit: refused by its Content-Length, and sent chunked (no length) after reading past the limit.
  const big = JSON.stringify({ type: 'test', data: { pad: 'x'.repeat(300 * 1024) } });
  const withLength = await request.post('/api/webhooks/partner', { data: big, headers: signedHeaders(`msg_big_${tag}`, big) });
  expect(withLength.status()).toBe(413);
  const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = http.request(
      new URL('/api/webhooks/partner', baseURL),
      { method: 'POST', headers: signedHeaders(`msg_chunked_${tag}`, big) },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body }));
      },
    );
    outgoing.on('error', reject);
    for (let at = 0; at < big.length; at += 16 * 1024) outgoing.write(big.slice(at, at + 16 * 1024));
    outgoing.end();
  });
  expect(chunked.status).toBe(413);
  expect(JSON.parse(chunked.body)).toMatchObject({ error: 'too_large' });

  // The receiver still takes the next genuine event.
  const genuine = JSON.stringify({ id: `evt_after_${tag}`, type: 'test', data: { test: true } });
  const after = await request.post('/api/webhooks/partner', { data: genuine, headers: signedHeaders(`msg_after_${tag}`, genuine) });
  expect(after.status()).toBe(200);
  expect(await after.json()).toEqual({ received: true, duplicate: false, test: true });
});
