import 'server-only';
import { getPartnerClient } from '@/lib/connection/client';
import { asc, eq } from 'drizzle-orm';
import { getDb, schema } from '@/lib/db';
import type { Rule } from '@/lib/partner/schemas';
import { load, type Loaded } from '@/lib/connection/loaded';

/** There is no route that lists rules, so a rule is read by its channel and id. */
export async function loadRule(robotId: string, channelId: string, ruleId: string): Promise<Loaded<Rule>> {
  return load(async () => (await (await getPartnerClient()).getRule(robotId, channelId, ruleId)).data);
}

/** Rules live only on social-DM channels; each option's value is `robotId:channelId`. From the directory: no call. */
export async function socialDmChannelOptions(): Promise<{ value: string; label: string }[]> {
  const c = schema.robotDirectoryChannels;
  const r = schema.robotDirectory;
  const rows = await (
    await getDb()
  )
    .select({ robotId: r.id, name: r.name, channelId: c.channelId, isActive: c.isActive })
    .from(c)
    .innerJoin(r, eq(r.id, c.robotId))
    .where(eq(c.type, 'social_dm'))
    .orderBy(asc(r.nameKey));
  return rows.map((row) => ({
    value: `${row.robotId}:${row.channelId}`,
    label: `${row.name} — Social DM${row.isActive ? '' : ' (inactive)'}`,
  }));
}
