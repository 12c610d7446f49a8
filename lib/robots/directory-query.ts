import 'server-only';
import { and, asc, count, desc, eq, exists, gt, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { CHANNEL_TYPES } from '@/contract/vocabulary';
import { getDb, schema, type DashboardDb } from '@/lib/db';
import { fromRow, type DirectoryRobot } from './directory';

const ROBOT_STATES = ['active', 'inactive', 'pending', 'none'] as const;
const ROBOT_SORTS = ['newest', 'name'] as const;

/** What the robots list can be narrowed by, as it stands in the URL; anything unknown is dropped. */
export const robotQuerySchema = z.object({
  q: z.string().trim().max(200).catch('').default(''),
  type: z.enum(CHANNEL_TYPES).optional().catch(undefined),
  state: z.enum(ROBOT_STATES).optional().catch(undefined),
  sort: z.enum(ROBOT_SORTS).catch('newest').default('newest'),
});
export type RobotQuery = z.infer<typeof robotQuerySchema>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function channelCondition(db: DashboardDb, query: RobotQuery): SQL | undefined {
  const c = schema.robotDirectoryChannels;
  const ofRobot = (...more: (SQL | undefined)[]) =>
    db
      .select({ one: sql`1` })
      .from(c)
      .where(and(eq(c.robotId, schema.robotDirectory.id), query.type ? eq(c.type, query.type) : undefined, ...more));
  switch (query.state) {
    case 'active':
      return exists(ofRobot(eq(c.isActive, true)));
    case 'inactive':
      return exists(ofRobot(or(eq(c.isActive, false), isNull(c.isActive))));
    case 'none':
      return notExists(ofRobot());
    case 'pending': {
      // A handshake waits outside the robots list (a pending channel is not listed): ours are known.
      const h = schema.handshakes;
      const open = db
        .select({ one: sql`1` })
        .from(h)
        .where(and(eq(h.robotId, schema.robotDirectory.id), or(isNull(h.expiresAt), gt(h.expiresAt, new Date().toISOString()))));
      return query.type && query.type !== 'social_dm' ? sql`false` : exists(open);
    }
    default:
      return query.type ? exists(ofRobot()) : undefined;
  }
}

/** One page of the directory: search by name, customer id (`external_id`) or robot id; filter; sort. */
export async function searchDirectory(
  query: RobotQuery,
  page: number,
  pageSize: number,
): Promise<{ robots: DirectoryRobot[]; total: number }> {
  const db = await getDb();
  const r = schema.robotDirectory;
  const text = query.q.toLowerCase();
  const pattern = `%${escapeLike(text)}%`;
  const where = and(
    text
      ? or(sql`${r.nameKey} like ${pattern} escape '\\'`, sql`lower(${r.externalId}) like ${pattern} escape '\\'`, eq(r.id, query.q))
      : undefined,
    channelCondition(db, query),
  );
  // A whole customer id, robot id or name typed in comes first, before the robots that merely contain it.
  const exact = text ? [desc(sql`(lower(coalesce(${r.externalId}, '')) = ${text} or ${r.id} = ${query.q} or ${r.nameKey} = ${text})`)] : [];
  const order = [
    ...exact,
    ...(query.sort === 'name' ? [asc(r.nameKey), asc(r.id)] : [sql`${r.createdAt} desc nulls last`, asc(r.position)]),
  ];
  // The page and the count of every match in one statement: each statement costs the embedded store
  // a round of its own, and the robots page waits for this one.
  const rows = await db
    .select({ robot: r, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(r)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const first = rows[0];
  if (first) return { robots: rows.map((row) => fromRow(row.robot)), total: first.total };
  // A page past the last has no row to carry the count.
  if (page === 1) return { robots: [], total: 0 };
  const [counted] = await db.select({ n: count() }).from(r).where(where);
  return { robots: [], total: counted?.n ?? 0 };
}

/** Robots whose name, customer id or id matches, for pickers; few, best first. */
export async function suggestRobots(text: string, limit = 20): Promise<{ id: string; name: string; externalId: string | null }[]> {
  return (await searchDirectory({ q: text, sort: 'name' }, 1, limit)).robots.map((r) => ({
    id: r.id,
    name: r.name,
    externalId: r.externalId,
  }));
}
