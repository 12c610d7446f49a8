'use server';

import { confirmCauseFromRefusal } from '@/lib/robots/went-off';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { defineAction, errorState } from '@/app/_actions/define-action';
import { connectErrorToDisplay, toggleErrorToDisplay } from '@/app/_errors/channel-errors';
import type { DisplayError } from '@/app/_errors/display-error';
import { botTokenSchema } from '@/lib/channels/bot-token';
import { connectBotChannel, setChannelActive, startSocialDmHandshake } from '@/lib/channels/connect';
import { forgetRobotHandshakes, latestHandshake, rememberCapacity, rememberChannel, rememberHandshake } from '@/lib/channels/memory';
import { otherRobotIdOf, type ConnectContext } from '@/lib/channels/other-robot';
import { PartnerApiError } from '@/lib/partner/errors';
import { findRobot } from '@/lib/robots/robots';

const robotIdSchema = z.string().min(1).max(200);
const robotNamed = (formData: FormData) => `robot:${String(formData.get('robotId') ?? '')}`;
const NO_ROBOT = { title: 'No robot named', message: 'Reload the robot page and try again.' };

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

const tokenOf = (formData: FormData) => String(formData.get('token') ?? '');

export const connectBotAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: ConnectBotState, formData: FormData) => ({ action: 'channel.connect', target: robotNamed(formData) }),
    schema: z.object({ robotId: robotIdSchema, token: botTokenSchema }),
    input: (_prev, formData) => ({ robotId: formData.get('robotId'), token: tokenOf(formData) }),
    refused: (error, _prev, formData): ConnectBotState => ({ status: 'error', error, token: tokenOf(formData) }),
    // A missing robot is the page's fault, a bad token the person's: the form shows them differently.
    invalid: (error, _prev, formData): ConnectBotState => {
      const token = tokenOf(formData);
      if (error.issues.some((i) => i.path[0] === 'robotId')) return { status: 'error', error: NO_ROBOT, token };
      return { status: 'invalid', fieldError: error.issues[0]?.message ?? 'Check the token.', token };
    },
    failed: async (err, data, _prev, formData): Promise<ConnectBotState> => {
      await noteCapacity(err, data.robotId);
      return { status: 'error', error: connectErrorToDisplay(err, { otherRobot: await otherRobot(err) }), token: tokenOf(formData) };
    },
  },
  async ({ data, audited }): Promise<ConnectBotState> => {
    const result = await audited(() => connectBotChannel(data.robotId, data.token), {
      describe: (r) => `Messenger bot${r.kind === 'live' && r.channel.username ? ` @${r.channel.username}` : ''}`,
    });
    if (result.kind === 'live') await rememberChannel(data.robotId, result.channel);
    revalidatePath(`/robots/${data.robotId}`);
    revalidatePath('/robots');
    return { status: 'connected', username: result.kind === 'live' ? (result.channel.username ?? null) : null };
  },
);

export type SocialDmState = { status: 'idle' } | { status: 'error'; error: DisplayError; canRestart: boolean };

export const startSocialDmAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: SocialDmState, formData: FormData) => ({ action: 'handshake.start', target: robotNamed(formData) }),
    schema: robotIdSchema,
    input: (_prev, formData) => formData.get('robotId'),
    refused: (error): SocialDmState => ({ status: 'error', error, canRestart: false }),
    invalid: (): SocialDmState => ({ status: 'error', error: NO_ROBOT, canRestart: false }),
    failed: async (err, robotId): Promise<SocialDmState> => {
      await noteCapacity(err, robotId);
      const code = err instanceof PartnerApiError ? err.code : undefined;
      if (code === 'handshake_expired') await forgetRobotHandshakes(robotId);
      // A tab opened before the handshake started does not show it yet: the error offers the one we know.
      const open = code === 'handshake_open' ? await latestHandshake(robotId) : undefined;
      return {
        status: 'error',
        error: connectErrorToDisplay(err, { openHandshakeUrl: open?.authorisationUrl }),
        canRestart: code === 'handshake_expired',
      };
    },
  },
  async ({ user, data: robotId, audited }): Promise<SocialDmState> => {
    const result = await audited(() => startSocialDmHandshake(robotId), {
      describe: (r) => (r.kind === 'live' ? 'connected at once' : `channel ${r.channel.id ?? 'unknown'}, consent pending`),
    });
    if (result.kind === 'live') {
      // A service that connects at once (no consent step) is still a success.
      await rememberChannel(robotId, result.channel);
      revalidatePath(`/robots/${robotId}`);
      return { status: 'idle' };
    }
    const channel = result.channel;
    const authorisationUrl = channel.authorisation_url ?? '';
    if (channel.id) {
      await forgetRobotHandshakes(robotId);
      await rememberHandshake({
        robotId,
        channelId: channel.id,
        authorisationUrl,
        expiresAt: channel.expires_at ?? null,
        startedBy: user.email,
      });
    }
    // Exactly as returned: the URL is opaque and must not be rebuilt (contract, Pending channel).
    redirect(authorisationUrl);
  },
);

export type ToggleState = { status: 'idle' } | { status: 'saved'; isActive: boolean } | { status: 'error'; error: DisplayError };

const toggleSchema = z.object({ robotId: robotIdSchema, channelId: z.string().min(1).max(200), isActive: z.enum(['true', 'false']) });

export const toggleChannelAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: ToggleState, formData: FormData) => ({
      action: formData.get('isActive') === 'true' ? 'channel.enable' : 'channel.disable',
      target: `channel:${String(formData.get('channelId') ?? '')}`,
    }),
    schema: toggleSchema,
    input: (_prev, formData) => ({
      robotId: formData.get('robotId'),
      channelId: formData.get('channelId'),
      isActive: formData.get('isActive'),
    }),
    refused: errorState,
    invalid: (): ToggleState =>
      errorState({ title: 'Nothing was changed', message: 'The request was incomplete. Reload the page and try again.' }),
    failed: async (err, data): Promise<ToggleState> => {
      await noteCapacity(err, data.robotId);
      if (data.isActive === 'true') await confirmCauseFromRefusal(err);
      return errorState(toggleErrorToDisplay(err));
    },
  },
  async ({ data, audited }): Promise<ToggleState> => {
    const wanted = data.isActive === 'true';
    const channel = await audited(() => setChannelActive(data.robotId, data.channelId, wanted), { detail: `robot ${data.robotId}` });
    await rememberChannel(data.robotId, channel);
    revalidatePath(`/robots/${data.robotId}`);
    revalidatePath('/robots');
    return { status: 'saved', isActive: channel.is_active ?? wanted };
  },
);
