import 'server-only';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { getDb, schema } from '@/lib/db';
import type { IncidentState } from '@/lib/db/schema';
import { factsDigest, type IncidentFacts } from './incident-facts';
import { noteIncidentEvent } from './incident-history';
import { queueAlerts } from './sends';

/**
 * Incidents from what the overview lists: one opens when a key first appears, is updated when its
 * facts change, and resolves when the key is gone. Every step is conditional in the database (a
 * unique index on the live key, an update that only a live incident matches), so instances
 * evaluating at the same moment open, resolve and queue each alert once.
 */
export const REMIND_EVERY_MS = 4 * 3_600_000;

export type Incident = typeof schema.incidents.$inferSelect;
export type Evaluation = { opened: number; updated: number; resolved: number; reminded: number };

export function factsOf(incident: Incident): IncidentFacts | null {
  try {
    return JSON.parse(incident.facts) as IncidentFacts;
  } catch {
    return null;
  }
}

async function anyDestination(): Promise<boolean> {
  const [row] = await (await getDb()).select({ id: schema.alertDestinations.id }).from(schema.alertDestinations).limit(1);
  return row !== undefined;
}

/** Whether an incident with this key was ever opened (and so alerted). */
async function wasReported(key: string): Promise<boolean> {
  const [row] = await (
    await getDb()
  )
    .select({ id: schema.incidents.id })
    .from(schema.incidents)
    .where(eq(schema.incidents.key, key))
    .limit(1);
  return row !== undefined;
}

export async function evaluateIncidents(facts: IncidentFacts[], now = Date.now()): Promise<Evaluation> {
  const db = await getDb();
  const result: Evaluation = { opened: 0, updated: 0, resolved: 0, reminded: 0 };
  const live = await db.select().from(schema.incidents).where(ne(schema.incidents.state, 'resolved'));
  const byKey = new Map(live.map((incident) => [incident.key, incident]));
  for (const fact of facts) {
    const digest = factsDigest(fact);
    const current = byKey.get(fact.key);
    if (!current) {
      // Once-only news waits for someone to tell: opened with nowhere to go, it would never alert.
      if (fact.oncePerKey && (!(await anyDestination()) || (await wasReported(fact.key)))) continue;
      const [opened] = await db
        .insert(schema.incidents)
        .values({ key: fact.key, kind: fact.kind, state: 'open', openedAt: now, updatedAt: now, facts: JSON.stringify(fact), digest })
        .onConflictDoNothing()
        .returning();
      if (!opened) continue;
      result.opened += 1;
      await noteIncidentEvent(opened.id, 'opened', 'system', fact.title, now);
      await queueAlerts(opened, 'opened', fact, now);
      continue;
    }
    if (current.digest !== digest) {
      await db
        .update(schema.incidents)
        .set({ facts: JSON.stringify(fact), digest, updatedAt: now })
        .where(eq(schema.incidents.id, current.id));
      result.updated += 1;
      await noteIncidentEvent(current.id, 'updated', 'system', fact.title, now);
    }
    if (current.state === 'open' && !fact.oncePerKey) {
      const round = Math.floor((now - current.openedAt) / REMIND_EVERY_MS);
      if (round >= 1 && (await queueAlerts(current, `reminder:${round}`, fact, now)) > 0) result.reminded += 1;
    }
  }
  const present = new Set(facts.map((fact) => fact.key));
  for (const incident of live.filter((i) => !present.has(i.key))) {
    const [resolved] = await db
      .update(schema.incidents)
      .set({ state: 'resolved', resolvedAt: now, updatedAt: now })
      .where(and(eq(schema.incidents.id, incident.id), ne(schema.incidents.state, 'resolved')))
      .returning();
    if (!resolved) continue;
    result.resolved += 1;
    await noteIncidentEvent(resolved.id, 'resolved', 'system', null, now);
    const fact = factsOf(resolved);
    if (fact && !fact.oncePerKey) await queueAlerts(resolved, 'resolved', fact, now);
  }
  return result;
}

/** No reminders until it resolves (a change of kind is another incident, with alerts of its own). */
export async function acknowledgeIncident(id: number, actor: string, now = Date.now()): Promise<Incident | null> {
  const [row] = await (
    await getDb()
  )
    .update(schema.incidents)
    .set({ state: 'acknowledged', acknowledgedBy: actor, acknowledgedAt: now, updatedAt: now })
    .where(and(eq(schema.incidents.id, id), eq(schema.incidents.state, 'open')))
    .returning();
  if (row) await noteIncidentEvent(row.id, 'acknowledged', actor, null, now);
  return row ?? null;
}

export type IncidentWithHistory = Incident & { history: (typeof schema.incidentEvents.$inferSelect)[] };

/** Live incidents first, then those resolved in the last 30 days, newest first, each with its history. */
export async function listIncidents(now = Date.now(), limit = 50): Promise<IncidentWithHistory[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(schema.incidents)
    .where(sql`${schema.incidents.state} <> 'resolved' or ${schema.incidents.resolvedAt} > ${now - 30 * 86_400_000}`)
    .orderBy(sql`(${schema.incidents.state} = 'resolved')`, desc(schema.incidents.openedAt))
    .limit(limit);
  if (rows.length === 0) return [];
  const events = await db
    .select()
    .from(schema.incidentEvents)
    .where(
      inArray(
        schema.incidentEvents.incidentId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(schema.incidentEvents.at, schema.incidentEvents.id);
  return rows.map((row) => ({ ...row, history: events.filter((e) => e.incidentId === row.id) }));
}

export const incidentStateLabel: Record<IncidentState, string> = { open: 'Open', acknowledged: 'Acknowledged', resolved: 'Resolved' };
