import 'server-only';
import { z } from 'zod';
import { forgetHandshake } from '@/lib/channels/memory';
import { loadAllRobots } from '@/lib/robots/robots';
import { toDisplayError, type DisplayError } from '@/lib/ui/display-error';
import { SAFE_ID } from '@/lib/ui/search-params';

const idSchema = z.string().regex(SAFE_ID);

export const returnQuerySchema = z.object({
  robot_id: idSchema,
  channel_id: idSchema,
  status: z.string().max(40).optional(),
});

export type HandshakeOutcome =
  | { kind: 'connected'; robotName: string | null }
  | { kind: 'inactive'; robotName: string | null }
  | { kind: 'denied'; robotName: string | null }
  | { kind: 'expired'; robotName: string | null }
  | { kind: 'unconfirmed'; robotName: string | null; claimed: string | undefined }
  | { kind: 'robot_missing' }
  | { kind: 'error'; error: DisplayError };

/**
 * What really happened, from the API rather than the query string: the query only says what the
 * consent screen claims, and anyone can type a URL.
 */
export async function confirmHandshakeOutcome(query: z.infer<typeof returnQuerySchema>): Promise<HandshakeOutcome> {
  let robots;
  try {
    robots = await loadAllRobots();
  } catch (err) {
    return { kind: 'error', error: toDisplayError(err) };
  }
  const robot = robots.find((r) => r.id === query.robot_id);
  if (!robot) return { kind: 'robot_missing' };
  const robotName = robot.name ?? null;
  const channel = (robot.channels ?? []).find((c) => c.id === query.channel_id);
  if (channel) {
    forgetHandshake(query.channel_id);
    return { kind: channel.is_active === true ? 'connected' : 'inactive', robotName };
  }
  if (query.status === 'denied' || query.status === 'expired') {
    forgetHandshake(query.channel_id);
    return { kind: query.status, robotName };
  }
  return { kind: 'unconfirmed', robotName, claimed: query.status };
}
