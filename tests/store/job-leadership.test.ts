import { setUpTestStore } from './use-test-store';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

await setUpTestStore('job_leadership');

const { createLeadership } = await import('@/lib/jobs/leadership');
const { readHolderRecord, writeHolderRecord } = await import('@/lib/jobs/holder-record');
const { healthReport } = await import('@/lib/deploy/health-report');
const { getDb } = await import('@/lib/db');

type Leadership = ReturnType<typeof createLeadership>;

const onPostgres = Boolean(process.env.STORE_TEST_PG_URL);
const TRY_EVERY_MS = 150;
const open: Leadership[] = [];

beforeAll(async () => {
  await getDb();
}, 60_000);

afterEach(async () => {
  await Promise.all(open.splice(0).map((leadership) => leadership.close()));
});

async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  for (const started = Date.now(); !(await condition());) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** An instance of the dashboard as far as the lock goes: its leadership (one connection) and how often its job started and stopped. */
function instance(name: string, job: string) {
  const counts = { starts: 0, stops: 0 };
  const leadership = createLeadership({
    connectionString: process.env.DATABASE_URL,
    instance: name,
    tryEveryMs: TRY_EVERY_MS,
    beatEveryMs: 60_000,
  });
  open.push(leadership);
  leadership.run(job, () => {
    counts.starts += 1;
    return () => {
      counts.stops += 1;
    };
  });
  return { name, leadership, counts, runs: () => leadership.runsHere(job) };
}

const pause = (tries: number) => new Promise((resolve) => setTimeout(resolve, tries * TRY_EVERY_MS));

describe('a background job runs on one instance at a time', () => {
  it.skipIf(onPostgres)('on the embedded store the one process is always the holder, and says so', async () => {
    const solo = instance('solo', 'solo-job');
    await waitFor('the job to start', solo.runs);
    expect(solo.counts.starts).toBe(1);
    await waitFor('the holder record', async () => (await readHolderRecord('solo-job'))?.instance === 'solo');
    await solo.leadership.close();
    expect(solo.counts.stops).toBe(1);
  });

  it.skipIf(!onPostgres)('on PostgreSQL one of two instances holds the lock; when its connection drops the other takes over', async () => {
    const job = 'shared-job';
    const [a, b] = [instance('leader-test-a', job), instance('leader-test-b', job)];
    await waitFor('a holder', () => a.runs() || b.runs());
    await pause(4);
    // Several tries later still exactly one has ever started the job.
    expect(a.counts.starts + b.counts.starts).toBe(1);
    const [holder, other] = a.runs() ? [a, b] : [b, a];
    expect(other.runs()).toBe(false);
    await waitFor('the holder record', async () => (await readHolderRecord(job))?.instance === holder.name);

    // The holder's lock connection is cut from the server's side, as a failover or a network drop would.
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
        `dashboard-jobs ${holder.name}`,
      ]);
    } finally {
      await admin.end();
    }
    await waitFor('the holder to stop', () => holder.counts.stops === 1);
    await waitFor('the other to take over', other.runs);
    await waitFor('the new holder record', async () => (await readHolderRecord(job))?.instance === other.name);
    // The old holder reconnects at its next try and finds the lock taken.
    await pause(4);
    expect(holder.runs()).toBe(false);
    expect(holder.counts.starts).toBe(1);
    expect(other.counts.starts).toBe(1);

    // An instance that stops (its connection closes) hands the job back the same way.
    await other.leadership.close();
    expect(other.counts.stops).toBe(1);
    await waitFor('the first to take the job back', holder.runs);
    expect(holder.counts.starts).toBe(2);
  });

  it.skipIf(!onPostgres)('holds each job on its own lock: two jobs may run on different instances', async () => {
    const a = instance('leader-test-c', 'job-one');
    await waitFor('job one', a.runs);
    const b = instance('leader-test-d', 'job-two');
    await waitFor('job two', b.runs);
    expect(a.runs() && b.runs()).toBe(true);
  });

  it('the health check reports the holder on record and how long ago it beat', async () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    await writeHolderRecord('deliveries-watch', { instance: 'elsewhere', since: '2026-11-27T11:00:00Z', beatAt: '2026-11-27T11:59:48Z' });
    const report = await healthReport(now);
    if (report.store !== 'available') throw new Error(`store ${report.store}`);
    // This process asked for no job, so it runs none whatever the record says.
    expect(report.jobs['deliveries-watch']).toEqual({ runsHere: false, holder: 'elsewhere', beatSecondsAgo: 12 });
    expect(report.jobs['directory-sync']).toEqual({ runsHere: false, holder: null, beatSecondsAgo: null });
    expect(report.mirrors.robots).toEqual({ lookedSecondsAgo: null, completedSecondsAgo: null });
    expect(report.budget).toMatchObject({ usedLastMinute: 0 });
  });
});
