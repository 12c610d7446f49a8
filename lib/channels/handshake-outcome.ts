import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { z } from 'zod';
import { setChannelActive } from '@/lib/channels/connect';
import { forgetHandshake, handshakeOfChannel, rememberChannel } from '@/lib/channels/memory';
import { findRobot, loadRobot } from '@/lib/robots/robots';
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
 * The robots list carries no handle or "connected since"; the channel answer of a PATCH does. Setting
 * the state the channel already has changes nothing (disabling always succeeds, and enabling an
 * active channel takes no new slot), so the answer is read once and remembered for the robot page.
 */
async function readBackChannel(robotId: string, channelId: string, isActive: boolean): Promise<void> {
  try {
    await rememberChannel(robotId, await setChannelActive(robotId, channelId, isActive));
  } catch {
    // Only the handle and the date stay unknown; the outcome itself is already confirmed.
  }
}

/**
 * What really happened, from the API rather than the query string: the query only says what the
 * consent screen claims, and anyone can type a URL.
 */
export async function confirmHandshakeOutcome(
  query: z.infer<typeof returnQuerySchema>,
  options: { readBackChannel: boolean; anonymous: boolean; actor?: string },
): Promise<HandshakeOutcome> {
  // A channel id this dashboard started no handshake for costs no call: the directory says what it knows.
  const ours = await handshakeOfChannel(query.channel_id);
  // A visitor without a session learns nothing from a link this dashboard did not start.
  if (!ours && options.anonymous) return { kind: 'unconfirmed', robotName: null, claimed: query.status };
  let robot;
  try {
    robot = ours && ours.robotId === query.robot_id ? (await loadRobot(query.robot_id)).robot : await findRobot(query.robot_id);
  } catch (err) {
    return { kind: 'error', error: toDisplayError(err) };
  }
  // A visitor without a session learns nothing about which robots exist.
  if (!robot)
    return ours && !options.anonymous ? { kind: 'robot_missing' } : { kind: 'unconfirmed', robotName: null, claimed: query.status };
  const robotName = robot.name;
  const channel = (robot.channels ?? []).find((c) => c.id === query.channel_id);
  if (channel) {
    // Only a signed-in person settles our record of the handshake; a link opened by anyone does not.
    if (!options.anonymous) await forgetHandshake(query.channel_id);
    if (ours && options.actor)
      await recordAudit({
        actor: options.actor,
        action: 'handshake.complete',
        target: `channel:${query.channel_id}`,
        outcome: 'ok',
        detail: `robot ${query.robot_id} (${robotName}): ${channel.is_active === true ? 'active' : 'inactive'}, started by ${ours.startedBy}`,
      });
    if (options.readBackChannel) await readBackChannel(query.robot_id, query.channel_id, channel.is_active === true);
    return { kind: channel.is_active === true ? 'connected' : 'inactive', robotName };
  }
  if (query.status === 'denied' || query.status === 'expired') {
    if (!options.anonymous) await forgetHandshake(query.channel_id);
    return { kind: query.status, robotName };
  }
  return { kind: 'unconfirmed', robotName, claimed: query.status };
}
