'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { botTokenSchema } from '@/lib/channels/bot-token';
import { audited } from '@/lib/audit/record';
import { authorise } from '@/lib/auth/session';
import { connectErrorToDisplay, otherRobotIdOf, toggleErrorToDisplay, type ConnectContext } from '@/lib/channels/errors';
import { forgetRobotHandshakes, latestHandshake, rememberCapacity, rememberChannel, rememberHandshake } from '@/lib/channels/memory';
import { findRobot } from '@/lib/robots/robots';
import { connectBotChannel, setChannelActive, startSocialDmHandshake } from '@/lib/channels/connect';
import type { DisplayError } from '@/lib/ui/display-error';
import { PartnerApiError } from '@/lib/partner/errors';

const robotIdSchema = z.string().min(1).max(200);

/** A capacity refusal tells us the plan's capacity: remember it and re-render, so the meter shows it now. */
async function noteCapacity(err: unknown, robotId: string): Promise<void> {
  if (err instanceof PartnerApiError && err.code === 'capacity_exhausted' && (await rememberCapacity(err.details)))
    revalidatePath(`/robots/${robotId}`);
}

/** The robot a `bot_already_connected` names, with its name when it can still be read. */
async function otherRobot(err: unknown): Promise<ConnectContext['otherRobot']> {
  const id = otherRobotIdOf(err);
  if (!id) return undefined;
  const robot = await findRobot(id);
  return { id, name: robot?.name ?? undefined };
}

export type ConnectBotState =
  | { status: 'idle' }
  | { status: 'invalid'; fieldError: string; token: string }
  | { status: 'error'; error: DisplayError; token: string }
  | { status: 'connected'; username: string | null };

export async function connectBotAction(_prev: ConnectBotState, formData: FormData): Promise<ConnectBotState> {
  const token = String(formData.get('token') ?? '');
  const access = await authorise('change', 'channel.connect', `robot:${String(formData.get('robotId') ?? '')}`);
  if (!access.ok) return { status: 'error', error: access.error, token };
  const robotId = robotIdSchema.safeParse(formData.get('robotId'));
  const parsedToken = botTokenSchema.safeParse(token);
  if (!robotId.success)
    return { status: 'error', error: { title: 'No robot named', message: 'Reload the robot page and try again.' }, token };
  if (!parsedToken.success) return { status: 'invalid', fieldError: parsedToken.error.issues[0]?.message ?? 'Check the token.', token };
  try {
    const data = await audited(
      {
        actor: access.user.email,
        action: 'channel.connect',
        target: `robot:${robotId.data}`,
        describe: (r) => `Messenger bot${r.kind === 'live' && r.channel.username ? ` @${r.channel.username}` : ''}`,
      },
      () => connectBotChannel(robotId.data, parsedToken.data),
    );
    if (data.kind === 'live') await rememberChannel(robotId.data, data.channel);
    revalidatePath(`/robots/${robotId.data}`);
    revalidatePath('/robots');
    return { status: 'connected', username: data.kind === 'live' ? (data.channel.username ?? null) : null };
  } catch (err) {
    await noteCapacity(err, robotId.data);
    return { status: 'error', error: connectErrorToDisplay(err, { otherRobot: await otherRobot(err) }), token };
  }
}

export type SocialDmState = { status: 'idle' } | { status: 'error'; error: DisplayError; canRestart: boolean };

export async function startSocialDmAction(_prev: SocialDmState, formData: FormData): Promise<SocialDmState> {
  const access = await authorise('change', 'handshake.start', `robot:${String(formData.get('robotId') ?? '')}`);
  if (!access.ok) return { status: 'error', error: access.error, canRestart: false };
  const robotId = robotIdSchema.safeParse(formData.get('robotId'));
  if (!robotId.success)
    return { status: 'error', error: { title: 'No robot named', message: 'Reload the robot page and try again.' }, canRestart: false };
  let authorisationUrl: string;
  try {
    const data = await audited(
      {
        actor: access.user.email,
        action: 'handshake.start',
        target: `robot:${robotId.data}`,
        describe: (r) => (r.kind === 'live' ? 'connected at once' : `channel ${r.channel.id ?? 'unknown'}, consent pending`),
      },
      () => startSocialDmHandshake(robotId.data),
    );
    if (data.kind === 'live') {
      // A service that connects at once (no consent step) is still a success.
      await rememberChannel(robotId.data, data.channel);
      revalidatePath(`/robots/${robotId.data}`);
      return { status: 'idle' };
    }
    const channel = data.channel;
    authorisationUrl = channel.authorisation_url ?? '';
    if (channel.id) {
      await forgetRobotHandshakes(robotId.data);
      await rememberHandshake({
        robotId: robotId.data,
        channelId: channel.id,
        authorisationUrl,
        expiresAt: channel.expires_at ?? null,
        startedBy: access.user.email,
      });
    }
  } catch (err) {
    await noteCapacity(err, robotId.data);
    const code = err instanceof PartnerApiError ? err.code : undefined;
    if (code === 'handshake_expired') await forgetRobotHandshakes(robotId.data);
    // A tab opened before the handshake started does not show it yet: the error offers the one we know.
    const open = code === 'handshake_open' ? await latestHandshake(robotId.data) : undefined;
    return {
      status: 'error',
      error: connectErrorToDisplay(err, { openHandshakeUrl: open?.authorisationUrl }),
      canRestart: code === 'handshake_expired',
    };
  }
  // Exactly as returned: the URL is opaque and must not be rebuilt (contract, Pending channel).
  redirect(authorisationUrl);
}

export type ToggleState = { status: 'idle' } | { status: 'saved'; isActive: boolean } | { status: 'error'; error: DisplayError };

const toggleSchema = z.object({ robotId: robotIdSchema, channelId: z.string().min(1).max(200), isActive: z.enum(['true', 'false']) });

export async function toggleChannelAction(_prev: ToggleState, formData: FormData): Promise<ToggleState> {
  const action = formData.get('isActive') === 'true' ? 'channel.enable' : 'channel.disable';
  const access = await authorise('change', action, `channel:${String(formData.get('channelId') ?? '')}`);
  if (!access.ok) return { status: 'error', error: access.error };
  const parsed = toggleSchema.safeParse({
    robotId: formData.get('robotId'),
    channelId: formData.get('channelId'),
    isActive: formData.get('isActive'),
  });
  if (!parsed.success)
    return {
      status: 'error',
      error: { title: 'Nothing was changed', message: 'The request was incomplete. Reload the page and try again.' },
    };
  const wanted = parsed.data.isActive === 'true';
  try {
    const data = await audited(
      {
        actor: access.user.email,
        action: wanted ? 'channel.enable' : 'channel.disable',
        target: `channel:${parsed.data.channelId}`,
        detail: `robot ${parsed.data.robotId}`,
      },
      () => setChannelActive(parsed.data.robotId, parsed.data.channelId, wanted),
    );
    await rememberChannel(parsed.data.robotId, data);
    revalidatePath(`/robots/${parsed.data.robotId}`);
    revalidatePath('/robots');
    return { status: 'saved', isActive: data.is_active ?? wanted };
  } catch (err) {
    await noteCapacity(err, parsed.data.robotId);
    return { status: 'error', error: toggleErrorToDisplay(err) };
  }
}
