import 'server-only';
import { getPartnerClient } from '@/lib/connection/client';
import type { Channel, ConnectResult } from '@/lib/partner/schemas';

/** Connects a messenger bot by its token (D7); the answer is the live channel. */
export async function connectBotChannel(robotId: string, token: string): Promise<ConnectResult> {
  return (await getPartnerClient().connectChannel(robotId, { type: 'messenger_bot', config: { token } })).data;
}

/** Opens a social-DM handshake (D9); the answer carries the consent URL, or a live channel from a service without one. */
export async function startSocialDmHandshake(robotId: string): Promise<ConnectResult> {
  return (await getPartnerClient().connectChannel(robotId, { type: 'social_dm' })).data;
}

/** Enables or disables a channel; enabling is checked against capacity at that moment (D10). */
export async function setChannelActive(robotId: string, channelId: string, isActive: boolean): Promise<Channel> {
  return (await getPartnerClient().updateChannel(robotId, channelId, { is_active: isActive })).data;
}
