import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createControlClient, unwrap } from '../../sandbox/control-client/client';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { freePort } from '../../scripts/free-port';
import { createDatabase, waitUntilAnswers } from './instance-support';

// Two built dashboards (scripts/serve.ts, as `npm start` runs them) on one PostgreSQL database, as behind a load balancer: a
// sign-out on one ends the session on the other, an event delivered to both is stored once, and
// the call budget is one budget. Run by the test command after `next build`, on its throwaway
// cluster (STORE_TEST_PG_URL).

const server = process.env.STORE_TEST_PG_URL;
if (!server) throw new Error('STORE_TEST_PG_URL is required: the test command starts a PostgreSQL cluster for this file');

const ADMIN_TOKEN = 'instances-admin-token-0123456789';
const WEBHOOK_SECRET = `whsec_${Buffer.from('two instances share this secret!').toString('base64')}`;
const WEBHOOK_TOKEN = 'two-instances-token';
const children: ChildProcess[] = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'two-instances-'));
let sandbox: RunningSandbox;
let robotId = '';
let one = '';
let other = '';

async function startDashboard(databaseUrl: string, sandboxUrl: string, apiKey: string, name: string): Promise<string> {
  const port = await freePort();
  const child = spawn('node_modules/.bin/tsx', ['scripts/serve.ts', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(dir, name),
      AUTH_SECRET: 'two-instances-auth-secret-0123456789abcdefgh',
      PARTNER_API_URL: sandboxUrl,
      PARTNER_API_KEY: apiKey,
      PARTNER_API_MODE: 'sandbox',
      PARTNER_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PARTNER_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
      // 10 calls a minute for the dashboard (5 for background sync), shared by both instances.
      PARTNER_RATE_LIMIT_PER_MINUTE: '20',
      DASHBOARD_CALL_SHARE_PERCENT: '50',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  await waitUntilAnswers(base, '/login', name);
  return base;
}

beforeAll(async () => {
  const database = await createDatabase(server, `two_instances_${process.pid}`);
  sandbox = await startSandbox({ port: 0, dataDir: path.join(dir, 'sandbox'), adminToken: ADMIN_TOKEN, log: () => {} });
  const control = createControlClient(fetch, sandbox.url, ADMIN_TOKEN);
  const account = unwrap(await control.createAccount({ name: 'Two instances', rate_limit_per_minute: 1000 }), 'account');
  robotId = unwrap(await control.createRobot(account.account_id, { name: 'Shared robot' }), 'robot').id;
  // Both start at once: the migrations run once, under the advisory lock.
  [one, other] = await Promise.all([
    startDashboard(database, sandbox.url, account.api_key, 'one'),
    startDashboard(database, sandbox.url, account.api_key, 'other'),
  ]);
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await sandbox?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const manifest = () =>
  JSON.parse(fs.readFileSync('.next/server/server-reference-manifest.json', 'utf8')) as { node: Record<string, { exportedName: string }> };
const actionId = (name: string) => Object.entries(manifest().node).find(([, entry]) => entry.exportedName === name)?.[0] ?? '';

/** Calls a server action over HTTP as the browser does: the arguments as one multipart reply, form fields prefixed `_1_`. */
function callAction(base: string, pathname: string, name: string, fields: Record<string, string>, cookie = '') {
  const form = new FormData();
  form.append('0', JSON.stringify([{}, '$K1']));
  for (const [key, value] of Object.entries(fields)) form.append(`_1_${key}`, value);
  return fetch(`${base}${pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'Next-Action': actionId(name), Origin: base, Accept: 'text/x-component' },
    body: form,
  });
}

/** The cookies a browser would keep from these Set-Cookie headers: the last one of each name wins. */
const cookieJar = (setCookies: string[]) =>
  [...new Map(setCookies.map((c) => (c.split(';')[0] ?? '').split('=') as [string, string])).entries()]
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

/** Signs in through Auth.js's credentials endpoint (the same authorize() the sign-in form uses); returns the session cookie. */
async function signIn(base: string): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieJar(csrf.headers.getSetCookie()) },
    body: new URLSearchParams({ csrfToken, email: 'admin@example.com', password: 'demo-admin-pass', callbackUrl: `${base}/robots` }),
  });
  const session = response.headers.getSetCookie().find((c) => c.includes('session-token='));
  if (!session) throw new Error(`no session cookie from ${base} (${response.status} → ${response.headers.get('location')})`);
  return session.split(';')[0] ?? '';
}

const page = (base: string, pathname: string, cookie: string) => fetch(`${base}${pathname}`, { headers: { cookie }, redirect: 'manual' });

const signer = new Webhook(WEBHOOK_SECRET);

/** Delivers one signed event to an instance's receiver, as the service does (the webhook-id is the same on every attempt). */
function deliver(base: string, id: string, body: string) {
  const at = new Date();
  return fetch(`${base}/api/webhooks/partner`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signer.sign(id, at, body),
      'x-webhook-token': WEBHOOK_TOKEN,
    },
  });
}

type Status = { budget: { usedLastMinute: number; allowance: number }; directory: { sweptAt: string | null } };
const status = async (base: string, cookie: string) => (await (await page(base, '/api/status', cookie)).json()) as Status;

describe('two dashboard instances on one PostgreSQL database', () => {
  it('share sessions: signed in on one, the other knows the session; signed out on one, the other refuses it', async () => {
    const cookie = await signIn(one);
    expect((await page(other, '/settings', cookie)).status).toBe(200);
    const signedOut = await callAction(one, '/robots', 'signOutAction', {}, cookie);
    expect(signedOut.status).toBeLessThan(500);
    // The same cookie, still held by the browser, is refused by the other instance.
    const after = await page(other, '/settings', cookie);
    expect(after.status).toBe(307);
    expect(after.headers.get('location')).toContain('/login');
  });

  it('store an event delivered to both once, under concurrent duplicates', async () => {
    const tag = Date.now().toString(36);
    const events = Array.from({ length: 200 }, (_, i) => ({
      id: `msg_two_${tag}_${i}`,
      body: JSON.stringify({ id: `evt_two_${tag}_${i}`, type: 'test', data: { test: true } }),
    }));
    // Each event to both instances, twice, all at once.
    const sends = events.flatMap((e) => [one, other, one, other].map((base) => ({ ...e, base })));
    const answers = await Promise.all(
      sends.map(async ({ id, body, base }) => {
        const response = await deliver(base, id, body);
        return { id, status: response.status, duplicate: ((await response.json()) as { duplicate?: unknown }).duplicate };
      }),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const firstStores = new Map<string, number>();
    for (const a of answers) if (a.duplicate === false) firstStores.set(a.id, (firstStores.get(a.id) ?? 0) + 1);
    expect(firstStores.size).toBe(events.length);
    expect([...firstStores.values()].every((n) => n === 1)).toBe(true);
  });

  it('share one call budget: calls made through one count on the other, which then holds back too', async () => {
    const cookie = await signIn(one);
    const otherCookie = await signIn(other);
    for (let i = 0; i < 100 && !(await status(one, cookie)).directory.sweptAt; i++) await new Promise((r) => setTimeout(r, 200));
    // Each view of a robot page reads the robot (one call) until the shared share is spent.
    for (let i = 0; i < 12; i++) await (await page(one, `/robots/${robotId}`, cookie)).text();
    const seenByOne = await status(one, cookie);
    const seenByOther = await status(other, otherCookie);
    expect(seenByOne.budget.allowance).toBe(10);
    expect(seenByOne.budget.usedLastMinute).toBe(10);
    expect(seenByOther.budget.usedLastMinute).toBe(10);
    // The other instance made none of those calls, yet it holds back: the share is spent for both.
    const held = await (await page(other, `/robots/${robotId}`, otherCookie)).text();
    expect(held).toContain('is spent');
    expect((await status(other, otherCookie)).budget.usedLastMinute).toBe(10);
  });

  // Last: the page's robot-name lookup may call the API, and the budget case above counts calls exactly.
  it('show a conversation delivered out of order, in duplicate and to both instances in the order it happened, Closed', async () => {
    const tag = Date.now().toString(36);
    const conversationId = `conv_order_${tag}`;
    const envelope = (name: string, type: string, createdAt: string, data: Record<string, unknown> = {}) => ({
      id: `evt_${name}_${tag}`,
      body: JSON.stringify({
        id: `evt_${name}_${tag}`,
        type,
        created_at: createdAt,
        robot_id: robotId,
        external_id: 'cust-order',
        conversation_id: conversationId,
        data,
      }),
    });
    const started = envelope('started', 'chat.started', '2026-11-27T09:00:01.000Z');
    const question = envelope('question', 'message.received', '2026-11-27T09:00:02.000Z', {
      message: { role: 'client', text: 'Where is my parcel?', at: '2026-11-27T09:00:02.000Z' },
    });
    const answer = envelope('answer', 'message.sent', '2026-11-27T09:00:02.800Z', {
      message: { role: 'ai', text: 'It left the depot this morning.', at: '2026-11-27T09:00:02.800Z' },
    });
    const closed = envelope('closed', 'chat.closed', '2026-11-27T09:00:03.000Z');
    // Latest first, alternating between the instances, one delivery at a time; each duplicate goes to
    // the instance that did not get the first copy.
    const deliveries = [closed, answer, question, started, answer, closed, started];
    const duplicates: unknown[] = [];
    for (const [i, { id, body }] of deliveries.entries()) {
      const response = await deliver(i % 2 === 0 ? one : other, id, body);
      expect(response.status).toBe(200);
      duplicates.push(((await response.json()) as { duplicate?: unknown }).duplicate);
    }
    expect(duplicates).toEqual([false, false, false, false, true, true, true]);

    const cookie = await signIn(one);
    for (const base of [one, other]) {
      const response = await page(base, `/conversations?conversation=${conversationId}`, cookie);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html.match(/data-testid="conversation-status"[^>]*>([^<]*)</)?.[1]).toBe('Closed');
      const start = html.indexOf('data-testid="conversation-timeline"');
      expect(start).toBeGreaterThan(-1);
      const timeline = html.slice(start, html.indexOf('</ol>', start));
      const reading = ['Conversation started', 'Where is my parcel?', 'It left the depot this morning.', 'Conversation closed'];
      // Each once (the duplicates are not shown twice), top to bottom in the order it happened.
      expect(reading.map((line) => timeline.split(line).length - 1)).toEqual([1, 1, 1, 1]);
      const positions = reading.map((line) => timeline.indexOf(line));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });
});
