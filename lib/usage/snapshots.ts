import 'server-only';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { getDb, schema } from '@/lib/db';
import type { UsageSnapshotRow } from '@/lib/db/schema';
import type { UsageEntry } from '@/lib/partner/schemas';
import type { UsageWindow } from './window';

/**
 * The usage snapshots as stored: what views read. They are written only by the usage mirror
 * (snapshot-mirror.ts); nothing here calls the API.
 */
export function snapshotKey(window: UsageWindow): string {
  return window.preset === 'custom' ? `custom:${window.fromDay}:${window.toDay}` : window.preset;
}

/** The newest complete snapshot of a window. */
export async function latestSnapshot(key: string): Promise<UsageSnapshotRow | undefined> {
  const [row] = await (
    await getDb()
  )
    .select()
    .from(schema.usageSnapshots)
    .where(and(eq(schema.usageSnapshots.key, key), isNotNull(schema.usageSnapshots.finishedAt)))
    .orderBy(desc(schema.usageSnapshots.id))
    .limit(1);
  return row;
}

export type MeasureKey = 'messages' | 'units' | 'conversations';

export async function snapshotEntries(
  snapshotId: number,
  options: { offset?: number; limit?: number; orderBy?: MeasureKey } = {},
): Promise<UsageEntry[]> {
  const r = schema.usageSnapshotRows;
  const order = options.orderBy ? [desc(r[options.orderBy]), asc(r.position)] : [asc(r.position)];
  const query = (await getDb())
    .select({ entry: r.entry })
    .from(r)
    .where(eq(r.snapshotId, snapshotId))
    .orderBy(...order)
    .offset(options.offset ?? 0);
  const rows = options.limit === undefined ? await query : await query.limit(options.limit);
  return rows.map((row) => JSON.parse(row.entry) as UsageEntry);
}

/**
 * Every entry of a snapshot in table order with the robots' external ids from the directory, in
 * one query: the export of a 10,000-robot account otherwise spent more time looking the ids up
 * 500 at a time than writing the CSV.
 */
export async function snapshotEntriesForExport(snapshotId: number): Promise<{ entries: UsageEntry[]; externalIds: Map<string, string> }> {
  const r = schema.usageSnapshotRows;
  const d = schema.robotDirectory;
  const rows = await (
    await getDb()
  )
    .select({ robotId: r.robotId, entry: r.entry, externalId: d.externalId })
    .from(r)
    .leftJoin(d, eq(d.id, r.robotId))
    .where(eq(r.snapshotId, snapshotId))
    .orderBy(asc(r.position));
  const externalIds = new Map<string, string>();
  for (const row of rows) if (row.externalId) externalIds.set(row.robotId, row.externalId);
  return { entries: rows.map((row) => JSON.parse(row.entry) as UsageEntry), externalIds };
}
