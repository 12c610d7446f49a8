import 'server-only';
import pg from 'pg';
import { getEnv } from '@/lib/config/env';
import { writeHolderRecord, type JobName } from './holder-record';
import { instanceId } from './instance-id';

/**
 * Each background job runs on one instance at a time. On PostgreSQL every instance tries, every
 * `tryEveryMs`, to take a session-level advisory lock per job on one connection of its own (not the
 * pool's: a session lock belongs to the connection that took it, and a pooled one is handed to any
 * query). The instance that gets it runs the job until that connection fails; when a holder stops or
 * its connection drops, PostgreSQL releases the lock and another instance takes it at its next try.
 * The embedded store serves one process, which is therefore always the holder.
 */

/** Starts a job's loop and gives the function that stops it. */
export type StartJob = () => () => void;

export interface Leadership {
  /** Runs `start` whenever this instance holds the job's lock, and its stop when the lock is lost. */
  run(job: string, start: StartJob): void;
  /** Whether this instance runs the job now. */
  runsHere(job: string): boolean;
  /** Stops every job and ends the connection, which releases the locks for the other instances. */
  close(): Promise<void>;
}

export interface LeadershipOptions {
  /** The shared store; none for the embedded store. */
  connectionString: string | undefined;
  instance: string;
  /** How often a job not held is tried and the connection checked: the longest wait for a takeover. */
  tryEveryMs?: number;
  /** How often a holder rewrites its record for reporting. */
  beatEveryMs?: number;
}

export const TRY_EVERY_MS = 15_000;
export const BEAT_EVERY_MS = 30_000;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Running = { stop: () => void; since: string; beatAt: number };

export function createLeadership(options: LeadershipOptions): Leadership {
  const { connectionString, instance } = options;
  const tryEveryMs = options.tryEveryMs ?? TRY_EVERY_MS;
  const beatEveryMs = options.beatEveryMs ?? BEAT_EVERY_MS;
  const wanted = new Map<string, StartJob>();
  const running = new Map<string, Running>();
  let client: pg.Client | undefined;
  let ticking = false;
  let again = false;
  let closed = false;

  function begin(job: string, start: StartJob): boolean {
    try {
      running.set(job, { stop: start(), since: new Date().toISOString(), beatAt: 0 });
      return true;
    } catch (error) {
      console.warn(`[jobs] ${job} did not start: ${message(error)}`);
      return false;
    }
  }

  function stopAll(): void {
    for (const [job, { stop }] of running) {
      try {
        stop();
      } catch (error) {
        console.warn(`[jobs] ${job} did not stop cleanly: ${message(error)}`);
      }
    }
    running.clear();
  }

  /** The connection is gone: so may the locks be, and another instance may run the jobs now. */
  function lose(lost: pg.Client, reason: unknown): void {
    if (client !== lost) return;
    client = undefined;
    if (running.size > 0 && !closed)
      console.warn(`[jobs] lost the lock connection (${message(reason)}); stopped ${[...running.keys()].join(', ')}`);
    stopAll();
    lost.end().catch(() => undefined);
  }

  async function connect(url: string): Promise<pg.Client> {
    // Keep-alive and the timeouts let a silently dropped peer surface as an error rather than a try that hangs.
    const fresh = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      query_timeout: 10_000,
      application_name: `dashboard-jobs ${instance}`,
    });
    // Unhandled, a dropped connection's error would end the process.
    fresh.on('error', (error) => lose(fresh, error));
    fresh.on('end', () => lose(fresh, new Error('connection ended')));
    try {
      await fresh.connect();
    } catch (error) {
      fresh.end().catch(() => undefined);
      throw error;
    }
    return fresh;
  }

  async function tryLocks(url: string): Promise<void> {
    if (!client) {
      const fresh = await connect(url);
      // Closed while connecting: the new connection would hold locks for nothing.
      if (closed) {
        fresh.end().catch(() => undefined);
        return;
      }
      client = fresh;
    }
    const current = client;
    try {
      // A holder whose connection died would run on beside the new holder: each try proves it alive.
      if (running.size > 0) await current.query('select 1');
      for (const [job, start] of wanted) {
        if (running.has(job)) continue;
        const { rows } = await current.query<{ held: boolean }>('select pg_try_advisory_lock(hashtext($1)) as held', [`job:${job}`]);
        if (rows[0]?.held && !begin(job, start)) await current.query('select pg_advisory_unlock(hashtext($1))', [`job:${job}`]);
      }
    } catch (error) {
      lose(current, error);
    }
  }

  async function beat(): Promise<void> {
    const now = Date.now();
    for (const [job, held] of running) {
      if (now - held.beatAt < beatEveryMs) continue;
      held.beatAt = now;
      await writeHolderRecord(job, { instance, since: held.since, beatAt: new Date(now).toISOString() }).catch((error: unknown) => {
        console.warn(`[jobs] could not record holding ${job}: ${message(error)}`);
      });
    }
  }

  async function tick(): Promise<void> {
    if (closed) return;
    // A job asked for while a try is under way is tried right after it, not a whole interval later.
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    try {
      if (connectionString)
        await tryLocks(connectionString).catch((error: unknown) =>
          console.warn(`[jobs] could not reach the store for the job locks: ${message(error)}`),
        );
      else for (const [job, start] of wanted) if (!running.has(job)) begin(job, start);
      await beat();
    } finally {
      ticking = false;
    }
    if (again) {
      again = false;
      await tick();
    }
  }

  const timer = setInterval(() => void tick(), tryEveryMs);
  // The loop never holds the process open: it exits as it would without background jobs.
  timer.unref();

  return {
    run(job, start) {
      wanted.set(job, start);
      // At start-up the first instance up takes the job at once rather than after a try interval.
      void tick();
    },
    runsHere: (job) => running.has(job),
    async close() {
      closed = true;
      clearInterval(timer);
      stopAll();
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}

// One leadership, hence one lock connection, per process, surviving Next's module reloads in development.
const state = globalThis as unknown as { dashboardLeadership?: Leadership };

function processLeadership(): Leadership {
  state.dashboardLeadership ??= createLeadership({ connectionString: getEnv().DATABASE_URL, instance: instanceId() });
  return state.dashboardLeadership;
}

/** Runs a background job on one instance at a time (from instrumentation.ts). */
export function runAsLeader(job: JobName, start: StartJob): void {
  processLeadership().run(job, start);
}

/** Whether this process runs the job now; false when it never asked to (the job is switched off here). */
export function jobRunsHere(job: JobName): boolean {
  return state.dashboardLeadership?.runsHere(job) ?? false;
}
