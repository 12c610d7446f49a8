import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { SandboxContext } from '../context';
import { ApiError } from '../http/api-error';
import { channels, robots, type AccountRow, type ChannelRow } from '../store/schema';
import { requireAccount } from './accounts';
import { assertCapacity, channelView, insertChannel } from './channels';
import { randomBase62 } from './ids';
import { requireRobot } from './robots';
import { iso, type ChannelType } from './vocabulary';

/** D8: these types are never connected over /v1; the panel (and the command line) adds them. */
export const PANEL_CHANNEL_TYPES = ['chat_vendor_a', 'widget', 'chat_vendor_b', 'chat_vendor_c', 'chat_app'] as const;

export interface PanelChannelInput {
  type: ChannelType;
  is_active?: boolean | undefined;
  username?: string | undefined;
}

/**
 * A channel made in the panel follows the plan like one connected over /v1 (D6, D10): an active
 * one needs a plan that has not lapsed and a free slot; a disabled one needs neither. Roles are not
 * checked (the panel acts for the service, not for the partner's key).
 */
function insertPanelChannel(
  ctx: SandboxContext,
  account: AccountRow,
  robotId: string,
  input: PanelChannelInput,
  connectedAt: number,
): ChannelRow {
  const isActive = input.is_active ?? true;
  if (isActive && account.lapsed) {
    throw new ApiError('plan_lapsed', 'The plan has lapsed; channels can only be added disabled.');
  }
  if (isActive) assertCapacity(ctx, account);
  return insertChannel(ctx, {
    robotId,
    type: input.type,
    isActive,
    username: input.username ?? `${input.type}_${randomBase62(8).toLowerCase()}`,
    connectedAt,
  });
}

/** Control API: add a panel-only channel to an existing robot. */
export function addPanelChannel(ctx: SandboxContext, robotId: string, input: PanelChannelInput): ChannelRow {
  return ctx.store.transaction(() => {
    const robot = requireRobot(ctx, robotId);
    const account = requireAccount(ctx, robot.accountId);
    return insertPanelChannel(ctx, account, robot.id, input, ctx.clock.nowMs());
  });
}

/**
 * Robots of an account as the panel shows them: the /v1 Robot plus its `model` and, for each
 * channel, the full Channel view (status and username), which /v1's ChannelSummary leaves out.
 * Newest first, like GET /v1/robots; pending handshakes are listed too, with their status, since
 * the panel is where one is cancelled.
 */
export function robotDetails(ctx: SandboxContext, accountId: string) {
  const rows = ctx.store.db
    .select()
    .from(robots)
    .where(eq(robots.accountId, accountId))
    .orderBy(desc(robots.createdAt), desc(robots.seq))
    .all();
  const byRobot = new Map<string, ChannelRow[]>();
  if (rows.length > 0) {
    const channelRows = ctx.store.db
      .select()
      .from(channels)
      .where(
        inArray(
          channels.robotId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(channels.seq))
      .all();
    for (const row of channelRows) byRobot.set(row.robotId, [...(byRobot.get(row.robotId) ?? []), row]);
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    external_id: row.externalId,
    model: row.model,
    channels: (byRobot.get(row.id) ?? []).map(channelView),
    created_at: iso(row.createdAt),
  }));
}
