import { and, asc, eq, max } from 'drizzle-orm';
import type { SandboxContext } from '../context';
import { newMessageId } from '../domain/conversation-vocabulary';
import { channelData, emitsEvents, eventBase, recordMessage, type ReplyHandler } from '../domain/conversations';
import { recordEvent } from '../domain/events';
import { iso, isoOrNull } from '../domain/vocabulary';
import { conversations, messages, type ConversationRow } from '../store/conversation-schema';
import { channels, robots, type RobotRow } from '../store/schema';
import { replyQueue, type ReplyRow } from '../store/webhook-schema';
import { outageAt, takeSendToken } from './limits';

const HOUR_MS = 3_600_000;
/** D21: a queued reply is held at most 2 h. */
const QUEUE_HOLD_MS = 2 * HOUR_MS;
/** Contract: replies are possible for 24 h after the end customer's last message. */
const REPLY_WINDOW_MS = 24 * HOUR_MS;

export const FAIL_REASONS = ['outside_window', 'queue_expired', 'conversation_closed'] as const;
export type FailReason = (typeof FAIL_REASONS)[number];

function withinWindow(ctx: SandboxContext, conversationId: string, nowMs: number): boolean {
  const row = ctx.store.db
    .select({ last: max(messages.at) })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.role, 'client')))
    .get();
  const last = row?.last ?? null;
  return last !== null && nowMs - last <= REPLY_WINDOW_MS;
}

function channelActive(ctx: SandboxContext, channelId: string): boolean {
  return ctx.store.db.select({ isActive: channels.isActive }).from(channels).where(eq(channels.id, channelId)).get()?.isActive === true;
}

/** D17 `message.failed`: the reply was not sent; `data.reason` says why. */
export function recordFailure(
  ctx: SandboxContext,
  robot: RobotRow,
  conversation: ConversationRow,
  reply: Pick<ReplyRow, 'id' | 'text' | 'kind' | 'queuedAt'>,
  reason: FailReason,
  at: number,
): void {
  if (!emitsEvents(ctx, conversation)) return;
  recordEvent(ctx, {
    ...eventBase(robot, conversation),
    type: 'message.failed',
    createdAt: at,
    data: {
      message: { id: reply.id, role: 'ai', text: reply.text, kind: reply.kind, at: iso(reply.queuedAt) },
      reason,
      ...channelData(conversation),
    },
  });
}

/**
 * The reply path (D21, contract limits). Taken by `ai` messages posted without `at` (a live reply
 * sent now) on a conversation tied to an active channel; everything else is recorded as given.
 * social_dm: outside the 24 h window it fails at once (no queue); otherwise it is sent when the
 * provider is up, nothing is queued before it on the channel, and the send rate allows, else it
 * waits in the queue. Other channel types only wait for a provider outage.
 */
export function liveReplies(ctx: SandboxContext): ReplyHandler {
  return (robot, conversation, input, emit) => {
    const { channelId, channelType } = conversation;
    if (input.role !== 'ai' || input.at !== undefined || channelId === null || channelType === null || !emit) return null;
    const now = ctx.clock.nowMs();
    const reply = { id: newMessageId(), text: input.text, kind: input.kind ?? 'text', queuedAt: now };
    const socialDm = channelType === 'social_dm';
    if (socialDm && !withinWindow(ctx, conversation.id, now)) {
      insertReply(ctx, robot, conversation, reply, 'failed', 'outside_window');
      recordFailure(ctx, robot, conversation, reply, 'outside_window', now);
      return { outcome: { message_id: reply.id, status: 'failed', reason: 'outside_window' }, message: null };
    }
    const waiting = ctx.store.db
      .select({ seq: replyQueue.seq })
      .from(replyQueue)
      .where(and(eq(replyQueue.channelId, channelId), eq(replyQueue.status, 'queued')))
      .get();
    const canSend = !waiting && !outageAt(ctx, channelType, now) && (!socialDm || takeSendToken(ctx, channelId, reply.kind, now));
    if (!canSend) {
      insertReply(ctx, robot, conversation, reply, 'queued', null);
      return { outcome: { message_id: reply.id, status: 'queued', reason: null }, message: null };
    }
    const message = recordMessage(ctx, robot, conversation, { id: reply.id, role: 'ai', text: reply.text, at: now }, emit);
    return { outcome: { message_id: reply.id, status: 'sent', reason: null }, message };
  };
}

function insertReply(
  ctx: SandboxContext,
  robot: RobotRow,
  conversation: ConversationRow,
  reply: { id: string; text: string; kind: ReplyRow['kind']; queuedAt: number },
  status: 'queued' | 'failed',
  reason: string | null,
): void {
  ctx.store.db
    .insert(replyQueue)
    .values({
      ...reply,
      accountId: robot.accountId,
      robotId: robot.id,
      conversationId: conversation.id,
      channelId: conversation.channelId ?? '',
      channelType: conversation.channelType ?? '',
      expiresAt: reply.queuedAt + QUEUE_HOLD_MS,
      status,
      reason,
      finishedAt: status === 'queued' ? null : reply.queuedAt,
    })
    .run();
}

function finish(ctx: SandboxContext, id: string, status: 'sent' | 'dropped' | 'failed', reason: string | null, at: number): void {
  ctx.store.db.update(replyQueue).set({ status, reason, finishedAt: at }).where(eq(replyQueue.id, id)).run();
}

/**
 * One pass over the queue, oldest first, first come first served per channel. A reply goes out
 * when its channel is active, the provider was up at min(now, expiry) (so a clock jump over both
 * the end of an outage and the expiry still sends it, late) and the send rate allows. One that
 * cannot go after its 2 h is dropped with `message.failed` (`queue_expired`), dated at its expiry.
 */
function runReplyQueue(ctx: SandboxContext, accountId: string | null): void {
  const now = ctx.clock.nowMs();
  const waiting = ctx.store.db.select().from(replyQueue).where(eq(replyQueue.status, 'queued')).orderBy(asc(replyQueue.seq)).all();
  const blocked = new Set<string>();
  for (const reply of waiting) {
    ctx.store.transaction(() => {
      const conversation = ctx.store.db.select().from(conversations).where(eq(conversations.id, reply.conversationId)).get();
      // On an account's own clock, only its replies: its time is not the others'.
      if (accountId !== null && conversation?.accountId !== accountId) return;
      const robot = ctx.store.db.select().from(robots).where(eq(robots.id, reply.robotId)).get();
      if (!conversation || !robot) return finish(ctx, reply.id, 'dropped', 'robot_deleted', now);
      const expired = now >= reply.expiresAt;
      const free =
        !blocked.has(reply.channelId) &&
        channelActive(ctx, reply.channelId) &&
        !outageAt(ctx, reply.channelType, Math.min(now, reply.expiresAt - 1)) &&
        (reply.channelType !== 'social_dm' || takeSendToken(ctx, reply.channelId, reply.kind, now));
      if (!free) {
        blocked.add(reply.channelId);
        if (!expired) return;
        finish(ctx, reply.id, 'dropped', 'queue_expired', reply.expiresAt);
        return recordFailure(ctx, robot, conversation, reply, 'queue_expired', reply.expiresAt);
      }
      const reason: FailReason | null =
        conversation.closedAt !== null
          ? 'conversation_closed'
          : reply.channelType === 'social_dm' && !withinWindow(ctx, conversation.id, now)
            ? 'outside_window'
            : null;
      if (reason) {
        finish(ctx, reply.id, 'failed', reason, now);
        return recordFailure(ctx, robot, conversation, reply, reason, now);
      }
      recordMessage(ctx, robot, conversation, { id: reply.id, role: 'ai', text: reply.text, at: now }, emitsEvents(ctx, conversation));
      finish(ctx, reply.id, 'sent', null, now);
    });
  }
}

export function registerReplyQueue(ctx: SandboxContext): void {
  ctx.scheduler.register('reply-queue', (_now, accountId) => runReplyQueue(ctx, accountId));
}

export function repliesOfConversation(ctx: SandboxContext, conversationId: string): ReplyRow[] {
  return ctx.store.db.select().from(replyQueue).where(eq(replyQueue.conversationId, conversationId)).orderBy(asc(replyQueue.seq)).all();
}

export function replyView(row: ReplyRow) {
  return {
    message_id: row.id,
    kind: row.kind,
    text: row.text,
    status: row.status,
    reason: row.reason,
    queued_at: iso(row.queuedAt),
    expires_at: iso(row.expiresAt),
    finished_at: isoOrNull(row.finishedAt),
  };
}
