import 'server-only';
import { getPartnerClient } from '@/lib/connection/client';
import type { CallPurpose } from '@/lib/connection/budget';
import { getDb, schema } from '@/lib/db';
import { dayWindow } from './days';
import { ACCOUNT_ROW } from './scope-rows';

/** The usage endpoint's largest page (D3): a closed day of the account costs one call per 100 robots. */
const PAGE = 100;

type DayRow = typeof schema.usageDays.$inferInsert;

/**
 * Reads one closed day for every robot, page by page, and keeps it: the rows of robots with any
 * activity, and a record that the day was read whole. A day already read is not asked for again
 * (its record is written in the same transaction as its rows). Returns the calls it made.
 */
export async function readClosedDay(day: string, purpose: CallPurpose = 'sync'): Promise<{ calls: number; robots: number }> {
  const client = await getPartnerClient(purpose);
  const window = dayWindow(day);
  const rows = new Map<string, DayRow>();
  let calls = 0;
  let robots = 0;
  for await (const page of client.iterPages((q) => client.getUsage({ ...window, ...q }), { limit: PAGE })) {
    calls += 1;
    for (const entry of page.items) {
      robots += 1;
      if (!entry.robot_id) continue;
      const row: DayRow = {
        day,
        robotId: entry.robot_id,
        client: entry.messages?.by_role?.client ?? 0,
        ai: entry.messages?.by_role?.ai ?? 0,
        operator: entry.messages?.by_role?.operator ?? 0,
        messages: entry.messages?.total ?? 0,
        units: entry.messages?.units ?? 0,
        conversations: entry.conversations?.total ?? 0,
      };
      if (row.messages > 0 || row.conversations > 0 || row.units > 0) rows.set(entry.robot_id, row);
    }
  }
  const total: DayRow = { day, robotId: ACCOUNT_ROW, client: 0, ai: 0, operator: 0, messages: 0, units: 0, conversations: 0 };
  for (const row of rows.values())
    for (const key of ['client', 'ai', 'operator', 'messages', 'units', 'conversations'] as const) total[key] += row[key] ?? 0;
  const kept = [total, ...rows.values()];
  await (
    await getDb()
  ).transaction(async (tx) => {
    const [claimed] = await tx
      .insert(schema.usageDaysRead)
      .values({ day, robots, calls, readAt: Date.now() })
      .onConflictDoNothing()
      .returning({ day: schema.usageDaysRead.day });
    // Another reader finished it first: its rows stand.
    if (!claimed) return;
    for (let i = 0; i < kept.length; i += 500)
      await tx
        .insert(schema.usageDays)
        .values(kept.slice(i, i + 500))
        .onConflictDoNothing();
  });
  return { calls, robots };
}
