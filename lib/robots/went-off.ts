import 'server-only';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { getDb, schema, type DashboardDb, type DashboardTx } from '@/lib/db';
import type { ChannelOffCause } from '@/lib/db/schema';
import { PartnerApiError } from '@/lib/partner/errors';

/**
 * Channels that went off without anyone turning them off here. The API sends no channel event, so
 * this is read from the directory: a channel a read shows off that the directory held on, and that
 * no one disabled through the dashboard, went off by the service's doing (a lapsed plan turns every
 * channel off; a removed role, its kind). The cause is inferred from the read and confirmed by the
 * first refusal that names it (docs/dashboard/channels-went-off.md).
 */
export type ChannelState = { channelId: string; robotId: string; type: string; isActive: boolean | null };

/** The directory's channel rows of these robots, as they are before a write replaces them. */
export async function channelStatesOf(tx: DashboardTx, robotIds: string[]): Promise<Map<string, ChannelState>> {
  if (robotIds.length === 0) return new Map();
  const rows = await tx
    .select({
      channelId: schema.robotDirectoryChannels.channelId,
      robotId: schema.robotDirectoryChannels.robotId,
      type: schema.robotDirectoryChannels.type,
      isActive: schema.robotDirectoryChannels.isActive,
    })
    .from(schema.robotDirectoryChannels)
    .where(inArray(schema.robotDirectoryChannels.robotId, robotIds));
  return new Map(rows.map((row) => [row.channelId, row]));
}

/**
 * Whether each channel's last change through the dashboard was a disable: such a channel went off
 * here, even when a read begun before the change makes it look as if it went off by itself.
 */
async function disabledHere(tx: DashboardTx, channelIds: string[]): Promise<Set<string>> {
  if (channelIds.length === 0) return new Set();
  const log = schema.auditLog;
  const rows = await tx
    .selectDistinctOn([log.target], { target: log.target, action: log.action })
    .from(log)
    .where(
      and(
        inArray(log.action, ['channel.enable', 'channel.disable']),
        eq(log.outcome, 'ok'),
        inArray(
          log.target,
          channelIds.map((id) => `channel:${id}`),
        ),
      ),
    )
    .orderBy(log.target, desc(log.at));
  return new Set(rows.filter((row) => row.action === 'channel.disable').map((row) => (row.target ?? '').slice('channel:'.length)));
}

/**
 * Compares a write's channels with what the directory held: those that went from on to off are
 * noted (cause unknown until inferred), those seen on again or gone are forgotten. Returns how many
 * were newly noted, so a look at the head can ask for a sweep of the rest.
 */
export async function noteChannelChanges(
  tx: DashboardTx,
  before: Map<string, ChannelState>,
  after: ChannelState[],
  readAt: string,
): Promise<number> {
  const offNow = after.filter((c) => c.isActive === false && before.get(c.channelId)?.isActive === true);
  const afterIds = new Set(after.map((c) => c.channelId));
  const settled = [
    ...after.filter((c) => c.isActive === true).map((c) => c.channelId),
    ...[...before.keys()].filter((id) => !afterIds.has(id)),
  ];
  if (settled.length > 0) await tx.delete(schema.channelsWentOff).where(inArray(schema.channelsWentOff.channelId, settled));
  const byUs = await disabledHere(
    tx,
    offNow.map((c) => c.channelId),
  );
  const noted = offNow.filter((c) => !byUs.has(c.channelId));
  if (noted.length === 0) return 0;
  await tx
    .insert(schema.channelsWentOff)
    .values(noted.map((c) => ({ channelId: c.channelId, robotId: c.robotId, type: c.type, noticedAt: readAt, cause: 'unknown' as const })))
    .onConflictDoNothing();
  return noted.length;
}

/** Robots gone from the directory take their noted channels with them. */
export async function forgetWentOffOf(tx: DashboardTx, robotIds: string[]): Promise<void> {
  if (robotIds.length > 0) await tx.delete(schema.channelsWentOff).where(inArray(schema.channelsWentOff.robotId, robotIds));
}

/** One channel seen or turned on here: no longer off. */
export async function forgetWentOff(db: DashboardDb | DashboardTx, channelId: string): Promise<void> {
  await db.delete(schema.channelsWentOff).where(eq(schema.channelsWentOff.channelId, channelId));
}

/**
 * The cause read from the whole directory: with channels known and not one of them on, the plan
 * lapsed (a lapse turns every channel off at once; nothing else does). Only unknown causes are
 * raised: after a renewal the channels stay off for the same cause until they are turned on.
 */
export async function inferWentOffCauses(): Promise<void> {
  const db = await getDb();
  const [state] = await db
    .select({
      known: count(),
      on: sql<number>`count(*) filter (where ${schema.robotDirectoryChannels.isActive} = true)`.mapWith(Number),
    })
    .from(schema.robotDirectoryChannels);
  if (!state || state.known === 0 || state.on > 0) return;
  await db
    .update(schema.channelsWentOff)
    .set({ cause: 'plan_lapsed' })
    .where(and(eq(schema.channelsWentOff.cause, 'unknown'), isNull(schema.channelsWentOff.confirmedAt)));
}

/**
 * A refusal that names the cause confirms it: `plan_lapsed` for every channel still off (the plan
 * is the account's), `role_missing` for channels of the refused one's kind.
 */
export async function confirmWentOffCause(cause: Exclude<ChannelOffCause, 'unknown'>, channelType: string | null): Promise<void> {
  const at = new Date().toISOString();
  const where = cause === 'role_missing' && channelType ? eq(schema.channelsWentOff.type, channelType) : sql`true`;
  await (await getDb()).update(schema.channelsWentOff).set({ cause, confirmedAt: at }).where(where);
}

/** Confirms the cause a refusal to turn a channel on names, if it names one; says which it was. */
export async function confirmCauseFromRefusal(err: unknown): Promise<ChannelOffCause | null> {
  if (!(err instanceof PartnerApiError)) return null;
  if (err.code === 'plan_lapsed') {
    await confirmWentOffCause('plan_lapsed', null);
    return 'plan_lapsed';
  }
  if (err.code === 'role_missing' && err.details.role === 'social_dm') {
    await confirmWentOffCause('role_missing', 'social_dm');
    return 'role_missing';
  }
  return null;
}
