import 'server-only';
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import { getDb, schema } from '@/lib/db';
import type { IncidentFacts } from './incident-facts';

/** A maintenance window: alerts for the account, or for one robot, are held (listed, not sent) while it lasts. */
export type AlertMute = typeof schema.alertMutes.$inferSelect;

export async function activeMutes(now = Date.now()): Promise<AlertMute[]> {
  return (await getDb())
    .select()
    .from(schema.alertMutes)
    .where(and(lte(schema.alertMutes.startsAt, now), gt(schema.alertMutes.endsAt, now)));
}

/** Mutes not yet over, soonest end first. */
export async function currentAndComingMutes(now = Date.now()): Promise<AlertMute[]> {
  return (await getDb())
    .select()
    .from(schema.alertMutes)
    .where(gt(schema.alertMutes.endsAt, now))
    .orderBy(desc(schema.alertMutes.startsAt));
}

/** Held when the account is muted, or when every robot the incident names is. */
export async function isMuted(fact: IncidentFacts, now = Date.now()): Promise<boolean> {
  const mutes = await activeMutes(now);
  if (mutes.some((m) => m.robotId === null)) return true;
  const muted = new Set(mutes.flatMap((m) => (m.robotId ? [m.robotId] : [])));
  return fact.robots.length > 0 && fact.robots.every((robot) => muted.has(robot.id));
}

export async function addMute(input: {
  robotId: string | null;
  startsAt: number;
  endsAt: number;
  reason: string;
  createdBy: string;
}): Promise<AlertMute> {
  const [row] = await (await getDb()).insert(schema.alertMutes).values(input).returning();
  if (!row) throw new Error('The mute was not stored.');
  return row;
}

/** Ends a mute now (it stays listed in the history of the incidents it held). */
export async function endMute(id: number, now = Date.now()): Promise<boolean> {
  const rows = await (
    await getDb()
  )
    .update(schema.alertMutes)
    .set({ endsAt: now })
    .where(and(eq(schema.alertMutes.id, id), gt(schema.alertMutes.endsAt, now)))
    .returning();
  return rows.length > 0;
}
