import { and, desc, eq, ne } from 'drizzle-orm';
import type { SandboxContext } from '../context';
import { ApiError } from '../http/api-error';
import { channelDisconnections, channels, robots, type AccountRow, type ChannelRow, type RobotRow } from '../store/schema';
import { assertCapacity, channelView, insertChannel } from './channels';
import { markExpiryReported, openHandshakeOf, startHandshake, unreportedExpiryOf } from './handshakes';
import { iso } from './vocabulary';

/** D7: the shape of a bot token, `<bot number>:<secret>`. */
export const BOT_TOKEN_PATTERN = /^[0-9]{6,12}:[A-Za-z0-9_-]{30,64}$/;

export type ConnectInput = { type: 'messenger_bot'; config?: { token: string } | undefined } | { type: 'social_dm' };

/** The bot number identifies a bot whatever its secret (a re-issued token is the same bot). */
function botKeyOf(token: string): string {
  return token.slice(0, token.indexOf(':'));
}

/** D7: the username shown for a bot, from its number. */
function botUsername(botKey: string): string {
  return `bot_${botKey}`;
}

/** A connected or disabled channel as /v1 answers it: the contract's field order, never pending. */
function liveChannelView(row: ChannelRow) {
  const { id, type, robot_id, username, is_active, connected_at } = channelView(row);
  return { id, type, robot_id, username, is_active, connected_at, status: row.isActive ? ('connected' as const) : ('disabled' as const) };
}

function assertPlanLive(account: AccountRow, what: string): void {
  if (account.lapsed) throw new ApiError('plan_lapsed', `The plan has lapsed; renew it before ${what}.`);
}

/**
 * POST /v1/robots/{id}/channels after the robot and the body were checked. The remaining checks run
 * in D25's order: role and plan (403), conflicts (409, 410), credential (422), capacity (403).
 */
export function connectChannel(ctx: SandboxContext, account: AccountRow, robot: RobotRow, input: ConnectInput, baseUrl: string) {
  if (input.type === 'social_dm') {
    if (!account.roles.includes('social_dm')) {
      throw new ApiError('role_missing', 'The account lacks the social_dm role.', { role: 'social_dm' });
    }
    assertPlanLive(account, 'connecting a channel');
    return connectSocialDm(ctx, robot, baseUrl);
  }
  assertPlanLive(account, 'connecting a channel');
  const token = input.config?.token ?? '';
  return connectBot(ctx, account, robot, token);
}

function connectSocialDm(ctx: SandboxContext, robot: RobotRow, baseUrl: string) {
  const open = openHandshakeOf(ctx, robot.id);
  if (open) {
    throw new ApiError('handshake_open', 'A social_dm handshake is already open on this robot; wait until it ends.', {
      expires_at: iso(open.expiresAt),
      channel_id: open.channelId,
    });
  }
  assertTypeFree(ctx, robot.id, 'social_dm');
  const expired = unreportedExpiryOf(ctx, robot.id);
  if (expired) {
    // D9: the first connect after an unfinished handshake says so once; the next starts anew.
    markExpiryReported(ctx, robot.id);
    throw new ApiError('handshake_expired', 'The previous social_dm handshake expired before it was finished; start again.', {
      expired_at: iso(expired.expiresAt),
    });
  }
  return startHandshake(ctx, robot.id, baseUrl);
}

function connectBot(ctx: SandboxContext, account: AccountRow, robot: RobotRow, token: string) {
  const botKey = botKeyOf(token);
  assertTypeFree(ctx, robot.id, 'messenger_bot');
  const elsewhere = ctx.store.db
    .select({ robotId: channels.robotId, accountId: robots.accountId })
    .from(channels)
    .innerJoin(robots, eq(robots.id, channels.robotId))
    .where(and(eq(channels.botKey, botKey), ne(channels.robotId, robot.id)))
    .get();
  if (elsewhere) {
    // Another partner's robot is never named (D2: foreign ids stay invisible).
    const details = elsewhere.accountId === account.id ? { robot_id: elsewhere.robotId } : {};
    throw new ApiError('bot_already_connected', 'This bot is connected to another robot; disconnect it there first.', details);
  }
  // The sandbox provider's stand-in for a refused credential (D7).
  if (token.slice(botKey.length + 1).startsWith('revoked')) {
    throw new ApiError('invalid_credential', 'The channel provider did not accept this bot token.');
  }
  assertCapacity(ctx, account);
  return ctx.store.transaction(() => {
    const previous = ctx.store.db
      .select()
      .from(channelDisconnections)
      .where(and(eq(channelDisconnections.robotId, robot.id), eq(channelDisconnections.botKey, botKey)))
      .orderBy(desc(channelDisconnections.disconnectedAt))
      .get();
    if (previous) {
      ctx.store.db.delete(channelDisconnections).where(eq(channelDisconnections.channelId, previous.channelId)).run();
    }
    const row = insertChannel(ctx, {
      id: previous?.channelId,
      robotId: robot.id,
      type: 'messenger_bot',
      isActive: true,
      username: botUsername(botKey),
      connectedAt: ctx.clock.nowMs(),
      botKey,
    });
    return liveChannelView(row);
  });
}

function assertTypeFree(ctx: SandboxContext, robotId: string, type: 'messenger_bot' | 'social_dm'): void {
  const taken = ctx.store.db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.robotId, robotId), eq(channels.type, type)))
    .get();
  if (taken) {
    throw new ApiError('channel_type_taken', `The robot already holds a ${type} channel.`, { type, channel_id: taken.id });
  }
}

/**
 * PATCH is_active. Disabling always succeeds and frees the slot; enabling checks the plan, then a
 * free slot at this moment (D6, D10). Setting the state a channel already has changes nothing.
 */
export function setChannelActive(ctx: SandboxContext, account: AccountRow, channel: ChannelRow, isActive: boolean) {
  if (isActive && !channel.isActive) {
    assertPlanLive(account, 'enabling a channel');
    assertCapacity(ctx, account);
  }
  if (isActive !== channel.isActive || channel.status !== (isActive ? 'connected' : 'disabled')) {
    ctx.store.db
      .update(channels)
      .set({ isActive, status: isActive ? 'connected' : 'disabled' })
      .where(eq(channels.id, channel.id))
      .run();
  }
  return liveChannelView({ ...channel, isActive, status: isActive ? 'connected' : 'disabled' });
}
