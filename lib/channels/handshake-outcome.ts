import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { z } from 'zod';
import { setChannelActive } from '@/lib/channels/connect';
import { forgetHandshake, handshakeExpired, handshakeOfChannel, rememberChannel } from '@/lib/channels/memory';
import { findRobot, loadRobot } from '@/lib/robots/robots';
import { loadFailure, type LoadFailure } from '@/lib/connection/loaded';
import { SAFE_ID } from '@/lib/ui/search-params';

const idSchema = z.string().regex(SAFE_ID);

/** The statuses the consent screen sends back (D9); anything else is not repeated on the page. */
const RETURN_STATUSES = ['connected', 'disabled', 'denied', 'expired'] as const;

export const returnQuerySchema = z.object({
  robot_id: idSchema,
  channel_id: idSchema,
  status: z.enum(RETURN_STATUSES).optional().catch(undefined),
});

type ReturnQuery = z.infer<typeof returnQuerySchema>;
type ClaimedStatus = ReturnQuery['status'];

export type HandshakeOutcome =
  | { kind: 'connected'; robotName: string | null }
  | { kind: 'inactive'; robotName: string | null }
  | { kind: 'denied'; robotName: string | null }
  /** `lapsed`: our record of the handshake is past its expiry, so the page did not ask the API. */
  | { kind: 'expired'; robotName: string | null; lapsed: boolean }
  | { kind: 'unconfirmed'; robotName: string | null; claimed: ClaimedStatus }
  /** A handshake we started, seen without a session: only a signed-in view asks the API what happened. */
  | { kind: 'unchecked'; claimed: ClaimedStatus }
  | { kind: 'robot_missing' }
  | { kind: 'error'; error: LoadFailure };

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
 * consent screen claims, and anyone can type a URL. Only a signed-in view of an open handshake we
 * started spends a call: a return link is public, and every call comes out of the dashboard's
 * share of the account's budget, which staff pages need.
 */
export async function confirmHandshakeOutcome(
  query: ReturnQuery,
  options: { readBackChannel: boolean; anonymous: boolean; actor?: string },
): Promise<HandshakeOutcome> {
  const started = await handshakeOfChannel(query.channel_id);
  const ours = started && started.robotId === query.robot_id ? started : undefined;
  if (ours && handshakeExpired(ours)) {
    if (options.anonymous) return { kind: 'expired', robotName: null, lapsed: true };
    await forgetHandshake(query.channel_id);
    return { kind: 'expired', robotName: (await findRobot(query.robot_id))?.name ?? null, lapsed: true };
  }
  // A visitor without a session learns nothing from the API, and nothing about which robots exist.
  if (options.anonymous)
    return ours ? { kind: 'unchecked', claimed: query.status } : { kind: 'unconfirmed', robotName: null, claimed: query.status };
  let robot;
  try {
    // A channel id this dashboard started no handshake for costs no call: the directory says what it knows.
    if (ours) {
      const loaded = await loadRobot(query.robot_id);
      if (!loaded.ok) return { kind: 'error', error: loaded.error };
      robot = loaded.data;
    } else robot = await findRobot(query.robot_id);
  } catch (err) {
    return { kind: 'error', error: loadFailure(err) };
  }
  if (!robot) return ours ? { kind: 'robot_missing' } : { kind: 'unconfirmed', robotName: null, claimed: query.status };
  const robotName = robot.name;
  const channel = (robot.channels ?? []).find((c) => c.id === query.channel_id);
  if (channel) {
    await forgetHandshake(query.channel_id);
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
  if (query.status === 'denied') {
    await forgetHandshake(query.channel_id);
    return { kind: 'denied', robotName };
  }
  if (query.status === 'expired') {
    await forgetHandshake(query.channel_id);
    return { kind: 'expired', robotName, lapsed: false };
  }
  return { kind: 'unconfirmed', robotName, claimed: query.status };
}
