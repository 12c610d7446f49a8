import 'server-only';
import { getPartnerClient } from '@/lib/connection/client';
import type { Robot, Rule } from '@/lib/partner/schemas';
import { toDisplayError, type DisplayError } from '@/lib/ui/display-error';

/** There is no route that lists rules, so a rule is read by its channel and id. */
export async function loadRule(robotId: string, channelId: string, ruleId: string): Promise<{ rule: Rule } | { error: DisplayError }> {
  try {
    return { rule: (await getPartnerClient().getRule(robotId, channelId, ruleId)).data };
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

/** Rules live only on social-DM channels; each option's value is `robotId:channelId`. */
export function socialDmChannelOptions(robots: Robot[]): { value: string; label: string }[] {
  return robots.flatMap((r) =>
    (r.channels ?? [])
      .filter((c) => c.type === 'social_dm' && c.id)
      .map((c) => ({ value: `${r.id}:${c.id}`, label: `${r.name ?? r.id} — Social DM${c.is_active ? '' : ' (inactive)'}` })),
  );
}
