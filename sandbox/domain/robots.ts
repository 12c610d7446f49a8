import type Database from 'better-sqlite3';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { SandboxContext } from '../context';
import { ApiError, notFound } from '../http/api-error';
import type { Db } from '../store/db';
import { oncePer } from '../store/prepared';
import { robots, type AccountRow, type RobotRow } from '../store/schema';
import { assertCapacity, channelSummary, insertChannel, summariesByRobot } from './channels';
import { newId, randomBase62 } from './ids';
import { recordModelChange } from './robot-models';
import { iso, type ChannelType, type Model } from './vocabulary';

export interface RobotInput {
  /** Fixed by a fixtures file; drawn otherwise. */
  id?: string | undefined;
  name: string;
  external_id?: string | null | undefined;
  model?: Model | undefined;
  created_at?: string | undefined;
  channels?: { id?: string | undefined; type: ChannelType; is_active?: boolean | undefined; username?: string | undefined }[] | undefined;
}

export interface RobotPatch {
  name?: string | undefined;
  external_id?: string | null | undefined;
  model?: Model | undefined;
}

export function robotViews(ctx: SandboxContext, rows: RobotRow[]) {
  const channelsByRobot = summariesByRobot(
    ctx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    external_id: row.externalId,
    channels: (channelsByRobot.get(row.id) ?? []).map(channelSummary),
    created_at: iso(row.createdAt),
  }));
}

export function robotView(ctx: SandboxContext, row: RobotRow) {
  const [view] = robotViews(ctx, [row]);
  if (!view) throw new Error('robotViews dropped a row');
  return view;
}

/** D3: newest first; equal created_at falls back to creation order, later-created first. */
const newestFirst = [desc(robots.createdAt), desc(robots.seq)];

export function listRobots(ctx: SandboxContext, accountId: string, limit: number, offset: number) {
  const rows = robotsPage(ctx.store.db).all({ accountId, limit, offset });
  return { rows, total: robotCount(ctx.store.db).get({ accountId })?.n ?? 0 };
}

const robotsPage = oncePer((db: Db) =>
  db
    .select()
    .from(robots)
    .where(eq(robots.accountId, sql.placeholder('accountId')))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(),
);

// The lookups below run on every usage call (and robot-scoped /v1 calls): prepared once per store.
const robotCount = oncePer((db: Db) =>
  db
    .select({ n: count() })
    .from(robots)
    .where(eq(robots.accountId, sql.placeholder('accountId')))
    .prepare(),
);

const robotOfAccount = oncePer((db: Db) =>
  db
    .select()
    .from(robots)
    .where(and(eq(robots.id, sql.placeholder('robotId')), eq(robots.accountId, sql.placeholder('accountId'))))
    .prepare(),
);

export function findRobotOfAccount(ctx: SandboxContext, accountId: string, robotId: string): RobotRow | undefined {
  return robotOfAccount(ctx.store.db).get({ robotId, accountId });
}

/** What a usage entry shows of a robot besides its figures: name, and channels active now (D12). */
export interface RobotUsageHead {
  id: string;
  name: string;
  activeChannels: number;
}

// Plain SQL rather than drizzle here: mapping 100 rows through drizzle costs more than the query.
// The order is newestFirst's, and usage tests compare it with GET /v1/robots (ties included).
const USAGE_HEAD = `SELECT id, name,
  (SELECT COUNT(*) FROM channels c WHERE c.robot_id = robots.id AND c.is_active = 1) AS activeChannels FROM robots`;

const usageHeadsPage = oncePer((sqlite: Database.Database) =>
  sqlite.prepare<[string, number, number], RobotUsageHead>(
    `${USAGE_HEAD} WHERE account_id = ? ORDER BY created_at DESC, seq DESC LIMIT ? OFFSET ?`,
  ),
);

const usageHeadOfAccount = oncePer((sqlite: Database.Database) =>
  sqlite.prepare<[string, string], RobotUsageHead>(`${USAGE_HEAD} WHERE id = ? AND account_id = ?`),
);

/** One page of the account's robots in the order of listRobots (D12), and how many it has in all. */
export function robotUsageHeads(ctx: SandboxContext, accountId: string, limit: number, offset: number) {
  const { db, sqlite } = ctx.store;
  return { rows: usageHeadsPage(sqlite).all(accountId, limit, offset), total: robotCount(db).get({ accountId })?.n ?? 0 };
}

/** The account's robot with this id, or undefined when it is unknown or another account's. */
export function robotUsageHead(ctx: SandboxContext, accountId: string, robotId: string): RobotUsageHead | undefined {
  return usageHeadOfAccount(ctx.store.sqlite).get(robotId, accountId);
}

export function requireRobot(ctx: SandboxContext, robotId: string): RobotRow {
  const row = ctx.store.db.select().from(robots).where(eq(robots.id, robotId)).get();
  if (!row) throw notFound('robot');
  return row;
}

/** Panel robot creation (D23/D24); channels given here are panel-connected, so plan rules apply. */
export function createRobot(ctx: SandboxContext, account: AccountRow, input: RobotInput): RobotRow {
  return ctx.store.transaction(() => {
    const createdAt = input.created_at === undefined ? ctx.clock.nowMs() : Date.parse(input.created_at);
    const seqRow = ctx.store.db
      .select({ max: sql<number | null>`max(${robots.seq})` })
      .from(robots)
      .get();
    const row: RobotRow = {
      id: input.id ?? newId.robot(),
      accountId: account.id,
      name: input.name,
      externalId: input.external_id ?? null,
      model: input.model ?? 'standard',
      createdAt,
      seq: (seqRow?.max ?? 0) + 1,
    };
    ctx.store.db.insert(robots).values(row).run();
    for (const channel of input.channels ?? []) {
      const isActive = channel.is_active ?? true;
      if (isActive && account.lapsed) {
        throw new ApiError('plan_lapsed', 'The plan has lapsed; channels can only be added disabled.');
      }
      if (isActive) assertCapacity(ctx, account);
      insertChannel(ctx, {
        id: channel.id,
        robotId: row.id,
        type: channel.type,
        isActive,
        username: channel.username ?? `${channel.type}_${randomBase62(8).toLowerCase()}`,
        connectedAt: createdAt,
      });
    }
    return row;
  });
}

export function patchRobot(ctx: SandboxContext, robotId: string, patch: RobotPatch): RobotRow {
  return ctx.store.transaction(() => {
    const current = requireRobot(ctx, robotId);
    const set: Partial<RobotRow> = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.external_id !== undefined) set.externalId = patch.external_id;
    if (patch.model !== undefined) {
      set.model = patch.model;
      // D12: usage prices each message by the model in force at its time, so keep the history.
      recordModelChange(ctx, current, patch.model, ctx.clock.nowMs());
    }
    if (Object.keys(set).length > 0) ctx.store.db.update(robots).set(set).where(eq(robots.id, robotId)).run();
    return requireRobot(ctx, robotId);
  });
}

/** Channels go with the robot (ON DELETE CASCADE), which frees their capacity at once. */
export function deleteRobotOfAccount(ctx: SandboxContext, accountId: string, robotId: string): void {
  const result = ctx.store.db
    .delete(robots)
    .where(and(eq(robots.id, robotId), eq(robots.accountId, accountId)))
    .run();
  if (result.changes === 0) throw notFound('robot');
}
