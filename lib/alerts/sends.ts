import 'server-only';
import { and, asc, desc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { getEnv } from '@/lib/config/env';
import { getDb, schema } from '@/lib/db';
import { readSetting } from '@/lib/db/settings';
import { alertMessage, type SendOutcome } from './alert-message';
import { noteIncidentEvent } from './incident-history';
import type { IncidentFacts } from './incident-facts';
import { isMuted } from './mutes';

/**
 * The alerts outbox: one row per incident, destination and occasion (a unique index), claimed by
 * one sender at a time and retried with growing waits; a destination that keeps refusing shows as
 * failing on Settings.
 */
export const LINK_ORIGIN_SETTING = 'alerts_link_origin';
const RETRY_WAITS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 3 * 3_600_000];
const CLAIM_MS = 60_000;

type Incident = typeof schema.incidents.$inferSelect;
export type AlertSend = typeof schema.alertSends.$inferSelect;

/** Links in alerts: the fixed public origin, else the one an admin last used (set with the destinations). */
export async function linkOrigin(): Promise<string> {
  return getEnv().publicUrl ?? (await readSetting(LINK_ORIGIN_SETTING)) ?? 'http://localhost:3000';
}

/** Queues the alert to every destination; held, not sent, while a mute covers it. Returns how many rows were new. */
export async function queueAlerts(
  incident: Pick<Incident, 'id'>,
  occasion: string,
  fact: IncidentFacts,
  now = Date.now(),
): Promise<number> {
  const db = await getDb();
  const destinations = await db.select({ id: schema.alertDestinations.id }).from(schema.alertDestinations);
  if (destinations.length === 0) return 0;
  const held = await isMuted(fact, now);
  const payload = JSON.stringify(alertMessage({ fact, occasion, incidentId: incident.id, origin: await linkOrigin(), now }));
  const rows = await db
    .insert(schema.alertSends)
    .values(
      destinations.map((d) => ({
        incidentId: incident.id,
        destinationId: d.id,
        occasion,
        payload,
        state: held ? ('held' as const) : ('pending' as const),
        nextAt: now,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: schema.alertSends.id });
  if (held && rows.length > 0) await noteIncidentEvent(incident.id, 'held', 'system', `${occasion}: muted`, now);
  return rows.length;
}

/** Pending, and not claimed by a sender, or claimed by one that died mid-post (its claim has lapsed). */
const unclaimedPending = (now: number) =>
  and(eq(schema.alertSends.state, 'pending'), or(isNull(schema.alertSends.claimedUntil), lte(schema.alertSends.claimedUntil, now)));

/**
 * Takes up to `limit` due alerts for this sender: pending ones whose time has come and whose claim,
 * if any, has lapsed (a sender that died mid-post). The update is conditional, so two senders never
 * take the same row.
 */
export async function claimDueAlerts(now = Date.now(), limit = 20): Promise<AlertSend[]> {
  const db = await getDb();
  const due = await db
    .select({ id: schema.alertSends.id })
    .from(schema.alertSends)
    .where(and(unclaimedPending(now), lte(schema.alertSends.nextAt, now)))
    .orderBy(asc(schema.alertSends.nextAt))
    .limit(limit);
  if (due.length === 0) return [];
  return db
    .update(schema.alertSends)
    .set({ claimedUntil: now + CLAIM_MS })
    .where(
      and(
        inArray(
          schema.alertSends.id,
          due.map((d) => d.id),
        ),
        unclaimedPending(now),
      ),
    )
    .returning();
}

export async function noteSendOutcome(send: AlertSend, outcome: SendOutcome, now = Date.now()): Promise<void> {
  const db = await getDb();
  if (outcome.ok) {
    await db
      .update(schema.alertSends)
      .set({ state: 'sent', sentAt: now, claimedUntil: null, attempts: send.attempts + 1 })
      .where(eq(schema.alertSends.id, send.id));
    await noteIncidentEvent(send.incidentId, 'sent', 'system', send.occasion, now);
    return;
  }
  const wait = RETRY_WAITS_MS[send.attempts];
  await db
    .update(schema.alertSends)
    .set({
      state: wait === undefined ? 'failed' : 'pending',
      attempts: send.attempts + 1,
      nextAt: now + (wait ?? 0),
      claimedUntil: null,
      lastError: outcome.error,
    })
    .where(eq(schema.alertSends.id, send.id));
  if (wait === undefined) await noteIncidentEvent(send.incidentId, 'send_failed', 'system', `${send.occasion}: ${outcome.error}`, now);
}

/** Alerts held by a mute, newest first, for the incidents page. */
export async function heldAlerts(limit = 50): Promise<AlertSend[]> {
  return (await getDb())
    .select()
    .from(schema.alertSends)
    .where(eq(schema.alertSends.state, 'held'))
    .orderBy(desc(schema.alertSends.createdAt))
    .limit(limit);
}
