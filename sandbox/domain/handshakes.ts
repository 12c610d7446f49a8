import { and, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { SandboxContext } from '../context';
import { accounts, channels, handshakes, robots, type HandshakeRow } from '../store/schema';
import { activeChannelCount } from './accounts';
import { insertChannel } from './channels';
import { randomBase62 } from './ids';
import { iso } from './vocabulary';

/** D9: a handshake stays open 15 minutes on the sandbox clock. */
const HANDSHAKE_TTL_MS = 15 * 60 * 1000;

/** Where the consent screen lives; the token in the path is the only thing that opens it. */
export const CONSENT_PATH = '/sandbox/authorise';
/** The sandbox's own landing screen for accounts without a return URL (D9). */
export const DONE_PATH = '/sandbox/authorise-done';

export type Decision = 'approve' | 'deny';
export type HandshakeStatus = 'connected' | 'disabled' | 'denied' | 'expired';

/** What approving or denying led to, for the consent screen and the control API alike. */
export type DecisionResult =
  | { kind: 'decided'; status: HandshakeStatus; redirectUrl: string }
  | { kind: 'expired'; expiredAt: string; redirectUrl: string }
  /** The handshake already ended another way (approve after deny, deny after approve). */
  | { kind: 'finished'; status: HandshakeStatus; redirectUrl: string };

export function consentUrl(row: HandshakeRow): string {
  return `${row.baseUrl}${CONSENT_PATH}/${row.token}`;
}

/**
 * Ends every open handshake whose expiry has passed: the pending channel goes, the record stays
 * (outcome `expired`) so that the consent URL can say so and the next connect can answer 410 once.
 * Runs from the scheduler and, lazily, before anything reads handshake state.
 */
function expireDueHandshakes(ctx: SandboxContext, nowMs = ctx.clock.nowMs(), accountId = ctx.clock.ownClockAccount()): void {
  // On an account's own clock, only its handshakes: its time is not the others'.
  const ofAccount =
    accountId === null
      ? undefined
      : inArray(handshakes.robotId, ctx.store.db.select({ id: robots.id }).from(robots).where(eq(robots.accountId, accountId)));
  const due = ctx.store.db
    .select()
    .from(handshakes)
    .where(and(isNull(handshakes.outcome), lte(handshakes.expiresAt, nowMs), ofAccount))
    .all();
  for (const row of due) {
    ctx.store.transaction(() => {
      ctx.store.db.update(handshakes).set({ outcome: 'expired', finishedAt: row.expiresAt }).where(eq(handshakes.token, row.token)).run();
      ctx.store.db
        .delete(channels)
        .where(and(eq(channels.id, row.channelId), eq(channels.status, 'pending_authorisation')))
        .run();
    });
  }
}

export function registerHandshakeExpiry(ctx: SandboxContext): void {
  ctx.scheduler.register('handshake-expiry', (now, accountId) => expireDueHandshakes(ctx, now.getTime(), accountId));
}

export function openHandshakeOf(ctx: SandboxContext, robotId: string): HandshakeRow | undefined {
  expireDueHandshakes(ctx);
  return ctx.store.db
    .select()
    .from(handshakes)
    .where(and(eq(handshakes.robotId, robotId), isNull(handshakes.outcome)))
    .get();
}

/** An expiry not yet answered with 410 by a connect (D9). */
export function unreportedExpiryOf(ctx: SandboxContext, robotId: string): HandshakeRow | undefined {
  expireDueHandshakes(ctx);
  return ctx.store.db
    .select()
    .from(handshakes)
    .where(and(eq(handshakes.robotId, robotId), eq(handshakes.outcome, 'expired'), eq(handshakes.expiryReported, false)))
    .orderBy(desc(handshakes.createdAt))
    .get();
}

export function markExpiryReported(ctx: SandboxContext, robotId: string): void {
  ctx.store.db
    .update(handshakes)
    .set({ expiryReported: true })
    .where(and(eq(handshakes.robotId, robotId), eq(handshakes.outcome, 'expired')))
    .run();
}

/** Opens a handshake: a pending channel (no capacity, not listed) plus its opaque consent token. */
export function startHandshake(ctx: SandboxContext, robotId: string, baseUrl: string) {
  return ctx.store.transaction(() => {
    const now = ctx.clock.nowMs();
    const channel = insertChannel(ctx, {
      robotId,
      type: 'social_dm',
      isActive: false,
      username: null,
      connectedAt: null,
      pending: true,
    });
    const row: HandshakeRow = {
      token: randomBase62(40),
      channelId: channel.id,
      robotId,
      baseUrl,
      createdAt: now,
      expiresAt: now + HANDSHAKE_TTL_MS,
      outcome: null,
      finishedAt: null,
      expiryReported: false,
    };
    ctx.store.db.insert(handshakes).values(row).run();
    return {
      status: 'pending_authorisation' as const,
      id: channel.id,
      robot_id: robotId,
      type: 'social_dm' as const,
      authorisation_url: consentUrl(row),
      expires_at: iso(row.expiresAt),
    };
  });
}

export function findHandshakeByToken(ctx: SandboxContext, token: string): HandshakeRow | undefined {
  expireDueHandshakes(ctx);
  return ctx.store.db.select().from(handshakes).where(eq(handshakes.token, token)).get();
}

/** The latest handshake of a channel (the control API addresses handshakes by channel id). */
export function findHandshakeByChannel(ctx: SandboxContext, channelId: string): HandshakeRow | undefined {
  expireDueHandshakes(ctx);
  return ctx.store.db.select().from(handshakes).where(eq(handshakes.channelId, channelId)).orderBy(desc(handshakes.createdAt)).get();
}

/** Who asks for access, for the consent screen. */
export function handshakeParties(ctx: SandboxContext, row: HandshakeRow) {
  return ctx.store.db
    .select({ robotName: robots.name, accountName: accounts.name, returnUrl: accounts.returnUrl })
    .from(robots)
    .innerJoin(accounts, eq(accounts.id, robots.accountId))
    .where(eq(robots.id, row.robotId))
    .get();
}

/**
 * Where the page owner's browser goes next (D9): the account's return URL, keeping its own query,
 * with robot_id, channel_id and status set; without a return URL the sandbox's done screen.
 */
export function redirectUrlFor(ctx: SandboxContext, row: HandshakeRow, status: HandshakeStatus): string {
  const returnUrl = handshakeParties(ctx, row)?.returnUrl ?? null;
  const url = new URL(returnUrl ?? `${row.baseUrl}${DONE_PATH}`);
  url.searchParams.set('robot_id', row.robotId);
  url.searchParams.set('channel_id', row.channelId);
  url.searchParams.set('status', status);
  return url.toString();
}

const decisionOf = (status: HandshakeStatus): Decision | undefined =>
  status === 'denied' ? 'deny' : status === 'connected' || status === 'disabled' ? 'approve' : undefined;

/**
 * Approve or deny, shared by the consent screen and the control API. Approving connects the channel,
 * active if a slot is free at that moment and the plan has not lapsed, else disabled (D9, D6).
 * Repeating the same decision is idempotent (a double-submitted form lands where the first did).
 */
export function decideHandshake(ctx: SandboxContext, token: string, decision: Decision): DecisionResult | undefined {
  const row = findHandshakeByToken(ctx, token);
  if (!row) return undefined;
  if (row.outcome === 'expired') {
    return { kind: 'expired', expiredAt: iso(row.expiresAt), redirectUrl: redirectUrlFor(ctx, row, 'expired') };
  }
  if (row.outcome !== null) {
    const kind = decisionOf(row.outcome) === decision ? 'decided' : 'finished';
    return { kind, status: row.outcome, redirectUrl: redirectUrlFor(ctx, row, row.outcome) };
  }
  const status = ctx.store.transaction((): HandshakeStatus => {
    const now = ctx.clock.nowMs();
    const outcome = decision === 'deny' ? denyPending(ctx, row) : approvePending(ctx, row, now);
    ctx.store.db.update(handshakes).set({ outcome, finishedAt: now }).where(eq(handshakes.token, row.token)).run();
    return outcome;
  });
  return { kind: 'decided', status, redirectUrl: redirectUrlFor(ctx, row, status) };
}

function denyPending(ctx: SandboxContext, row: HandshakeRow): HandshakeStatus {
  ctx.store.db.delete(channels).where(eq(channels.id, row.channelId)).run();
  return 'denied';
}

function approvePending(ctx: SandboxContext, row: HandshakeRow, now: number): HandshakeStatus {
  const account = ctx.store.db
    .select({ account: accounts })
    .from(robots)
    .innerJoin(accounts, eq(accounts.id, robots.accountId))
    .where(eq(robots.id, row.robotId))
    .get()?.account;
  // Capacity is taken at this moment; a lapsed plan keeps every channel inactive (D6).
  const active = account !== undefined && !account.lapsed && activeChannelCount(ctx, account.id) < account.capacity;
  ctx.store.db
    .update(channels)
    .set({
      status: active ? 'connected' : 'disabled',
      isActive: active,
      username: `page_${randomBase62(10).toLowerCase()}`,
      connectedAt: now,
    })
    .where(eq(channels.id, row.channelId))
    .run();
  return active ? 'connected' : 'disabled';
}
