import 'server-only';
import { getPartnerClient } from '@/lib/connection/client';
import type { Channel, ConnectResult } from '@/lib/partner/schemas';
import { noteChannel } from '@/lib/robots/directory';

// Each change is written to the robot directory as the API answered it, so every page shows it at once.

/** Connects a messenger bot by its token (D7); the answer is the live channel. */
export async function connectBotChannel(robotId: string, token: string): Promise<ConnectResult> {
  const { data } = await (await getPartnerClient('change')).connectChannel(robotId, { type: 'messenger_bot', config: { token } });
  if (data.kind === 'live') await noteChannel(robotId, data.channel);
  return data;
}

/** Opens a social-DM handshake (D9); the answer carries the consent URL, or a live channel from a service without one. */
export async function startSocialDmHandshake(robotId: string): Promise<ConnectResult> {
  const { data } = await (await getPartnerClient('change')).connectChannel(robotId, { type: 'social_dm' });
  if (data.kind === 'live') await noteChannel(robotId, data.channel);
  return data;
}

/** Enables or disables a channel; enabling is checked against capacity at that moment (D10). */
export async function setChannelActive(robotId: string, channelId: string, isActive: boolean): Promise<Channel> {
  const { data } = await (await getPartnerClient('change')).updateChannel(robotId, channelId, { is_active: isActive });
  await noteChannel(robotId, data);
  return data;
}
