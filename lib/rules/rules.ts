import 'server-only';
import { getPartnerClient } from '@/lib/connection/client';
import { asc, eq } from 'drizzle-orm';
import { getDb, schema } from '@/lib/db';
import type { Rule } from '@/lib/partner/schemas';
import { toDisplayError, type DisplayError } from '@/lib/ui/display-error';

/** There is no route that lists rules, so a rule is read by its channel and id. */
export async function loadRule(robotId: string, channelId: string, ruleId: string): Promise<{ rule: Rule } | { error: DisplayError }> {
  try {
    return { rule: (await (await getPartnerClient()).getRule(robotId, channelId, ruleId)).data };
  } catch (err) {
    return {
      error: toDisplayError(err, {
        not_found: () => ({
          title: 'Rule not found',
          message: 'No rule with this id exists on that channel. Check the id in the panel where the rule was created.',
        }),
      }),
    };
  }
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
