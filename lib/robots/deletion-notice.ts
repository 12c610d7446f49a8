import 'server-only';
import { and, desc, eq, gt } from 'drizzle-orm';
import { getDb, schema } from '@/lib/db';

/** How long after a deletion the robots list still confirms it to the person who made it. */
const NOTICE_WINDOW_MS = 10 * 60_000;

/**
 * The name of a robot this person deleted a moment ago, as the audit log recorded it (the name the
 * robot directory held, not anything the browser sent), or the robot id when the directory did not
 * know it. Undefined when they made no such deletion: the list's URL names only the robot's id, so
 * a link cannot make the page announce anything that did not happen.
 */
export async function justDeletedRobotName(actor: string, robotId: string, now = Date.now()): Promise<string | undefined> {
  const a = schema.auditLog;
  const [entry] = await (
    await getDb()
  )
    .select({ detail: a.detail })
    .from(a)
    .where(
      and(
        eq(a.action, 'robot.delete'),
        eq(a.target, `robot:${robotId}`),
        eq(a.outcome, 'ok'),
        eq(a.actor, actor),
        gt(a.at, now - NOTICE_WINDOW_MS),
      ),
    )
    .orderBy(desc(a.at))
    .limit(1);
  return entry ? (entry.detail ?? robotId) : undefined;
}
