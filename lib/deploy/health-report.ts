import 'server-only';
import { budgetState } from '@/lib/connection/budget';
import { JOB_NAMES, readHolderRecord, type JobName } from '@/lib/jobs/holder-record';
import { instanceId } from '@/lib/jobs/instance-id';
import { jobRunsHere } from '@/lib/jobs/leadership';
import { mirrorStatus } from '@/lib/sync/status';

/**
 * What the public health check tells a load balancer or a monitor beyond "this process answers":
 * which instance runs each background job, how far behind each mirror is, how much of the call
 * budget the last minute used. Counts and ages only: it is public, so no hostname (the instance id
 * carries a hash of it), no key, no account data.
 */
export type HealthReport = {
  ok: true;
  instance: string;
} & (
  | {
      store: 'available';
      jobs: Record<JobName, JobHealth>;
      mirrors: Record<MirrorName, MirrorLag>;
      budget: { usedLastMinute: number; allowance: number };
    }
  | { store: 'unavailable' }
);

type JobHealth = {
  /** This instance holds the job's lock now. */
  runsHere: boolean;
  /** The instance that last said it runs the job; null before any has. */
  holder: string | null;
  beatSecondsAgo: number | null;
};

const MIRRORS = ['robots', 'deliveries'] as const;
type MirrorName = (typeof MIRRORS)[number];
type MirrorLag = { lookedSecondsAgo: number | null; completedSecondsAgo: number | null };

/** Past this the store counts as unavailable: a check left waiting would look like a dead instance. */
const STORE_WAIT_MS = 2_000;

const secondsSince = (at: string | null | undefined, now: number) => (at ? Math.max(0, Math.round((now - Date.parse(at)) / 1000)) : null);

async function readReport(now: number) {
  const [holders, mirrors, budget] = await Promise.all([
    Promise.all(JOB_NAMES.map(readHolderRecord)),
    Promise.all(MIRRORS.map(mirrorStatus)),
    budgetState(now),
  ]);
  const jobs = Object.fromEntries(
    JOB_NAMES.map((job, i) => {
      const record = holders[i] ?? null;
      return [job, { runsHere: jobRunsHere(job), holder: record?.instance ?? null, beatSecondsAgo: secondsSince(record?.beatAt, now) }];
    }),
  ) as Record<JobName, JobHealth>;
  const lags = Object.fromEntries(
    MIRRORS.map((mirror, i) => [
      mirror,
      { lookedSecondsAgo: secondsSince(mirrors[i]?.lookedAt, now), completedSecondsAgo: secondsSince(mirrors[i]?.completedAt, now) },
    ]),
  ) as Record<MirrorName, MirrorLag>;
  return { jobs, mirrors: lags, budget: { usedLastMinute: budget.usedLastMinute, allowance: budget.allowance } };
}

/**
 * A few store reads, no Partner API call. A store that fails or is slow gives `store: 'unavailable'`
 * and still `ok: true`: the instance serves, and a monitoring read is no reason to take it out of rotation.
 */
export async function healthReport(now = Date.now()): Promise<HealthReport> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), STORE_WAIT_MS);
  });
  try {
    const read = await Promise.race([readReport(now).catch(() => null), late]);
    return read
      ? { ok: true, instance: instanceId(), store: 'available', ...read }
      : { ok: true, instance: instanceId(), store: 'unavailable' };
  } finally {
    clearTimeout(timer);
  }
}
