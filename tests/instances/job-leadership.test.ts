import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createControlClient, unwrap } from '../../sandbox/control-client/client';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { freePort } from '../../scripts/free-port';
import { createDatabase, waitUntilAnswers } from './instance-support';

// Two built dashboards on one PostgreSQL database: each background job runs on exactly one of them,
// as their public health checks say, and when the holder stops the other takes the job over within
// a minute. The account's webhook endpoint refuses everything, so the alerts job has an incident to
// report: its alert reaches a local receiver once, across the stop and a restart. Run by the test
// command after `next build`, on its throwaway cluster (STORE_TEST_PG_URL).

const server = process.env.STORE_TEST_PG_URL;
if (!server) throw new Error('STORE_TEST_PG_URL is required: the test command starts a PostgreSQL cluster for this file');

const ADMIN_TOKEN = 'leadership-admin-token-0123456789';
const JOBS = ['directory-sync', 'deliveries-watch', 'alerts', 'usage-days', 'retention'] as const;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'job-leadership-'));
const instances: { base: string; child: ChildProcess }[] = [];
let sandbox: RunningSandbox;
let database = '';
let apiKey = '';

/** Alerts as a Slack-like incoming webhook receives them. */
const alerts: { occasion: string; kind?: string }[] = [];
const alertReceiver = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    alerts.push(JSON.parse(body) as { occasion: string; kind?: string });
    response.end('ok');
  });
});
/** The account's webhook endpoint, refusing every delivery. */
const refusingEndpoint = http.createServer((_request, response) => response.writeHead(503).end('down for maintenance'));
const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
const failingOpened = () => alerts.filter((a) => a.kind === 'deliveries_failing' && a.occasion === 'opened');

async function until(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  for (const started = Date.now(); !check(); await new Promise((r) => setTimeout(r, 500))) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(alerts)}`);
  }
}

async function startDashboard(databaseUrl: string, sandboxUrl: string, apiKey: string, name: string) {
  const port = await freePort();
  const child = spawn('node_modules/.bin/tsx', ['scripts/serve.ts', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(dir, name),
      AUTH_SECRET: 'job-leadership-auth-secret-0123456789abcdefgh',
      PARTNER_API_URL: sandboxUrl,
      PARTNER_API_KEY: apiKey,
      PARTNER_API_MODE: 'sandbox',
      DELIVERY_WATCH_EVERY_SECONDS: '15',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilAnswers(base, '/api/health', name);
  return { base, child };
}

type Job = { runsHere: boolean; holder: string | null; beatSecondsAgo: number | null };
type Health = { ok: boolean; instance: string; store: string; jobs: Record<string, Job>; mirrors: Record<string, unknown> };
const health = async (base: string) => (await (await fetch(`${base}/api/health`)).json()) as Health;

/** Waits until, for every job, exactly one of `bases` runs it and the others agree which one. */
async function oneHolderEach(bases: string[], timeoutMs: number): Promise<Record<string, string>> {
  for (const started = Date.now(); ;) {
    const answers = await Promise.all(bases.map(health));
    const holders = Object.fromEntries(
      JOBS.map((job) => {
        const running = answers.filter((a) => a.jobs[job]?.runsHere);
        const instance = running.length === 1 ? (running[0]?.instance ?? '') : '';
        const agreed = instance !== '' && answers.every((a) => a.jobs[job]?.holder === instance);
        return [job, agreed ? instance : ''];
      }),
    );
    if (Object.values(holders).every((h) => h !== '')) return holders;
    if (Date.now() - started > timeoutMs) throw new Error(`no single holder per job: ${JSON.stringify(answers)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

beforeAll(async () => {
  database = await createDatabase(server, `job_leadership_${process.pid}`);
  const [receiverUrl, endpointUrl] = await Promise.all([listen(alertReceiver), listen(refusingEndpoint)]);
  sandbox = await startSandbox({ port: 0, dataDir: path.join(dir, 'sandbox'), adminToken: ADMIN_TOKEN, log: () => {} });
  const control = createControlClient(fetch, sandbox.url, ADMIN_TOKEN);
  const account = unwrap(
    await control.createAccount({
      name: 'Job leadership',
      rate_limit_per_minute: 1000,
      webhook: { url: `${endpointUrl}/hook`, auth_token: 'leadership-webhook-token' },
    }),
    'account',
  );
  apiKey = account.api_key;
  // The destination, as an admin's form stores it: sealed, in the shared database.
  process.env.DATABASE_URL = database;
  process.env.AUTH_SECRET = 'job-leadership-auth-secret-0123456789abcdefgh';
  const { addDestination } = await import('@/lib/alerts/destinations');
  await addDestination({ kind: 'webhook', name: 'On-call', target: `${receiverUrl}/alerts`, createdBy: 'admin@example.com' });
  instances.push(...(await Promise.all(['one', 'other'].map((n) => startDashboard(database, sandbox.url, apiKey, n)))));
}, 120_000);

afterAll(async () => {
  for (const { child } of instances) child.kill('SIGTERM');
  const { closeDb } = await import('@/lib/db');
  await closeDb();
  alertReceiver.close();
  refusingEndpoint.close();
  await sandbox?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('background jobs on two dashboard instances sharing one PostgreSQL database', () => {
  it('run each job on exactly one instance, and move to the other within a minute when that one stops', async () => {
    const bases = instances.map((i) => i.base);
    const first = await oneHolderEach(bases, 30_000);
    const answer = await health(bases[0] ?? '');
    expect(answer).toMatchObject({ ok: true, store: 'available' });
    expect(Object.keys(answer.mirrors).sort()).toEqual(['deliveries', 'robots']);

    // Stop an instance holding a job; the survivor must end up holding every job.
    const idOf = await Promise.all(bases.map(async (base) => (await health(base)).instance));
    const stopped = idOf.indexOf(first['directory-sync'] ?? '');
    const [gone, survivor] = stopped === 0 ? [instances[0], instances[1]] : [instances[1], instances[0]];
    if (!gone || !survivor) throw new Error('two instances expected');
    const stoppedAt = Date.now();
    gone.child.kill('SIGTERM');
    const after = await oneHolderEach([survivor.base], 60_000);
    const survivorId = (await health(survivor.base)).instance;
    expect(after).toEqual({
      'directory-sync': survivorId,
      'deliveries-watch': survivorId,
      alerts: survivorId,
      'usage-days': survivorId,
      retention: survivorId,
    });
    expect(Date.now() - stoppedAt).toBeLessThan(60_000);
  });

  it('send a failing endpoint’s alert once, across the stop of one instance and the restart of another', async () => {
    // Six deliveries the endpoint refuses: the failing rule's five in a row, and one more.
    for (let i = 0; i < 6; i++) {
      const sent = await fetch(`${sandbox.url}/v1/webhooks/test`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}` } });
      expect(sent.status).toBe(202);
    }
    await until('the failing alert', () => failingOpened().length > 0, 150_000);
    // A pass or two later (30 s each) still one: the incident is open in the shared store.
    await new Promise((r) => setTimeout(r, 40_000));
    expect(failingOpened()).toHaveLength(1);

    // Restart the remaining one (the stopped one stays down); a new instance starts on the same store.
    const [running] = instances.filter((i) => i.child.exitCode === null && i.child.signalCode === null);
    if (!running) throw new Error('one running instance expected');
    running.child.kill('SIGTERM');
    await new Promise((resolve) => running.child.once('exit', resolve));
    const restarted = await startDashboard(database, sandbox.url, apiKey, 'restarted');
    instances.push(restarted);
    await oneHolderEach([restarted.base], 60_000);
    await new Promise((r) => setTimeout(r, 40_000));
    expect(failingOpened()).toHaveLength(1);
    expect(alerts.filter((a) => a.kind === 'deliveries_failing').map((a) => a.occasion)).toEqual(['opened']);
  }, 330_000);
});
