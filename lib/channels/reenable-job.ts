import 'server-only';
import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { whenBudgetAllows } from '@/lib/connection/budget';
import { getPartnerClient } from '@/lib/connection/client';
import { getDb } from '@/lib/db';
import { CHANNEL_OFF_CAUSES, type ChannelOffCause } from '@/lib/db/schema';
import { readJsonSetting, writeSetting } from '@/lib/db/settings';
import { AuthenticationError, NotFoundError, PartnerApiError } from '@/lib/partner/errors';
import { noteChannel } from '@/lib/robots/directory';
import { confirmCauseFromRefusal, forgetWentOff } from '@/lib/robots/went-off';
import { wentOffChannels, wentOffCount, type WentOffChannel } from '@/lib/robots/went-off-view';
import { rememberCapacity, rememberChannel } from './memory';

/**
 * Turning back on, in the background, the channels that went off for one cause: one PATCH each, in
 * the order the overview lists them, on the background half of the call share (so people keep
 * room), until none is left, the capacity is full, or the service says the plan is still lapsed.
 * One runs at a time for the account; its progress is in the store so every instance shows it.
 */
const SETTING = 'channel_reenable';
/** A run whose process stopped writing for this long is over (the instance went away). */
export const HEARTBEAT_STALE_MS = 2 * 60_000;
const FAILURES_IN_A_ROW = 3;

const channelSchema = z.object({
  channelId: z.string(),
  robotId: z.string(),
  robotName: z.string().nullable(),
  externalId: z.string().nullable().default(null),
  type: z.string(),
});
const STOP_REASONS = ['capacity', 'plan_lapsed', 'key_refused', 'failed'] as const;

const runSchema = z.object({
  cause: z.enum(CHANNEL_OFF_CAUSES),
  startedBy: z.string(),
  startedAt: z.string(),
  heartbeatAt: z.string(),
  endedAt: z.string().nullable(),
  total: z.number(),
  enabled: z.number(),
  skipped: z.number(),
  state: z.enum(['running', 'done', 'stopped']),
  stop: z
    .object({
      reason: z.enum(STOP_REASONS),
      message: z.string(),
      requestId: z.string().nullable(),
      /** The channel it stopped at: the first still off. */
      next: channelSchema.nullable(),
      occupied: z.number().nullable(),
      capacity: z.number().nullable(),
    })
    .nullable(),
});
export type ReenableRun = z.infer<typeof runSchema>;
type Stop = NonNullable<ReenableRun['stop']>;

export async function reenableRun(): Promise<ReenableRun | null> {
  return readJsonSetting(SETTING, runSchema);
}

/** Running, and its process still alive. */
export function isRunning(run: ReenableRun | null, now = Date.now()): boolean {
  return run?.state === 'running' && now - Date.parse(run.heartbeatAt) < HEARTBEAT_STALE_MS;
}

const save = (run: ReenableRun) => writeSetting(SETTING, JSON.stringify(run));

export type StartOutcome =
  { started: true; run: ReenableRun } | { started: false; reason: 'running' | 'nothing_off'; run: ReenableRun | null };

/** Starts a run unless one is under way; the run itself goes on after the request has answered. */
export async function startReenable(cause: ChannelOffCause, startedBy: string): Promise<StartOutcome> {
  const current = await reenableRun();
  if (isRunning(current)) return { started: false, reason: 'running', run: current };
  const total = await wentOffCount(cause);
  if (total === 0) return { started: false, reason: 'nothing_off', run: current };
  const now = new Date().toISOString();
  const run: ReenableRun = {
    cause,
    startedBy,
    startedAt: now,
    heartbeatAt: now,
    endedAt: null,
    total,
    enabled: 0,
    skipped: 0,
    state: 'running',
    stop: null,
  };
  await save(run);
  void walk(run).catch((err: unknown) => console.error('[channels] the bulk re-enable stopped:', err));
  return { started: true, run };
}

async function enableOne(channel: WentOffChannel) {
  const client = await getPartnerClient('sync');
  return (await whenBudgetAllows(() => client.updateChannel(channel.robotId, channel.channelId, { is_active: true }))).data;
}

/** What a refusal means for the run: stop (and why), or pass this channel and go on. */
async function stopFor(err: unknown, channel: WentOffChannel): Promise<Stop | 'skip' | 'gone'> {
  const requestId = err instanceof PartnerApiError ? (err.requestId ?? null) : null;
  const base = { requestId, next: channel, occupied: null, capacity: null };
  if (err instanceof NotFoundError) return 'gone';
  if (err instanceof AuthenticationError)
    return { ...base, reason: 'key_refused', message: 'the service refused the API key; replace it on Settings and start again.' };
  if (err instanceof PartnerApiError && err.code === 'capacity_exhausted') {
    const hint = await rememberCapacity(err.details);
    return {
      ...base,
      reason: 'capacity',
      message: 'the plan has no free channel slot.',
      occupied: hint?.occupied ?? null,
      capacity: hint?.capacity ?? null,
    };
  }
  const confirmed = await confirmCauseFromRefusal(err);
  if (confirmed === 'plan_lapsed')
    return { ...base, reason: 'plan_lapsed', message: 'the service says the plan is still lapsed: renew it, then start again.' };
  // A missing role moves this kind of channel to its own cause; the rest go on.
  return 'skip';
}

async function walk(run: ReenableRun): Promise<void> {
  const tried: string[] = [];
  let failuresInARow = 0;
  const end = async (state: ReenableRun['state'], stop: Stop | null) => {
    Object.assign(run, { state, stop, endedAt: new Date().toISOString(), heartbeatAt: new Date().toISOString() });
    await save(run);
    await recordAudit({
      actor: run.startedBy,
      action: 'channel.bulk_enable',
      target: `channels:${run.cause}`,
      outcome: state === 'done' ? 'ok' : stop?.reason === 'failed' ? 'failed' : 'refused',
      errorCode: stop?.reason ?? null,
      requestId: stop?.requestId ?? null,
      detail: `${run.enabled} of ${run.total} turned on${stop ? `; stopped: ${stop.message}` : ''}`,
    });
  };
  for (;;) {
    const [channel] = await wentOffChannels(run.cause, tried, 1);
    if (!channel) return end('done', null);
    try {
      const answer = await enableOne(channel);
      await noteChannel(channel.robotId, answer);
      await rememberChannel(channel.robotId, answer);
      await forgetWentOff(await getDb(), channel.channelId);
      failuresInARow = 0;
      run.enabled += 1;
    } catch (err) {
      const outcome = await stopFor(err, channel);
      if (outcome === 'gone') {
        await forgetWentOff(await getDb(), channel.channelId);
        run.skipped += 1;
      } else if (outcome === 'skip') {
        tried.push(channel.channelId);
        run.skipped += 1;
        failuresInARow += 1;
        if (failuresInARow >= FAILURES_IN_A_ROW && !(err instanceof PartnerApiError && err.code === 'role_missing'))
          return end('stopped', {
            reason: 'failed',
            message: `${FAILURES_IN_A_ROW} channels in a row could not be turned on (the last: ${err instanceof Error ? err.message : String(err)}).`,
            requestId: err instanceof PartnerApiError ? (err.requestId ?? null) : null,
            next: channel,
            occupied: null,
            capacity: null,
          });
      } else return end('stopped', outcome);
    }
    run.heartbeatAt = new Date().toISOString();
    await save(run);
  }
}
