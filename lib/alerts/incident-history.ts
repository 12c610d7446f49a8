import 'server-only';
import { getDb, schema } from '@/lib/db';

/** One line of an incident's history: opened, updated, acknowledged, resolved, sent, held, send failed. */
export async function noteIncidentEvent(
  incidentId: number,
  what: string,
  actor: string,
  detail: string | null,
  at = Date.now(),
): Promise<void> {
  await (await getDb()).insert(schema.incidentEvents).values({ incidentId, at, what, actor, detail });
}
