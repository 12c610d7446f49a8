import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { SandboxContext } from '../context';
import { ApiError, notFound } from '../http/api-error';
import { conversations, messages, type ConversationRow, type MessageRow } from '../store/conversation-schema';
import { channels, robots, type RobotRow } from '../store/schema';
import { newConversationId, newMessageId, unitsPerMessage, type MessageRole, type ReplyKind, type Source } from './conversation-vocabulary';
import { recordEvent } from './events';
import { modelAt, modelHistory, type ModelHistory } from './robot-models';
import { rollUpMessage } from './rollups';
import { iso, isoOrNull, type ChannelType } from './vocabulary';

export interface MessageInput {
  role: MessageRole;
  text: string;
  /** Milliseconds; defaults to the sandbox clock's now. */
  at?: number | undefined;
  /** What an automated reply sends (the social platform limits audio and video harder); default text. */
  kind?: ReplyKind | undefined;
}

/** What happened to an automated reply that took the reply path (D21). */
export interface ReplyOutcome {
  message_id: string;
  status: 'sent' | 'queued' | 'failed';
  reason: string | null;
}

/**
 * Takes a live automated reply through the platform's send path (queue, limits, window), or
 * answers null for a message that is simply recorded. Injected by callers (replies/queue.ts) so
 * that this module does not depend on the reply path.
 */
export type ReplyHandler = (
  robot: RobotRow,
  conversation: ConversationRow,
  input: MessageInput,
  emit: boolean,
) => { outcome: ReplyOutcome; message: MessageRow | null } | null;

export interface ConversationInput {
  channel_type?: ChannelType | undefined;
  source?: Source | undefined;
  messages: MessageInput[];
}

/**
 * The channel a new conversation runs on: the robot's channel of the requested type, or without a
 * type its first active channel (else its first channel). Null when the robot has none of that
 * type (or none at all): such a conversation is panel traffic, tied to no channel.
 */
function pickChannel(ctx: SandboxContext, robotId: string, type: ChannelType | undefined) {
  if (type !== undefined) {
    const row = ctx.store.db
      .select()
      .from(channels)
      .where(and(eq(channels.robotId, robotId), eq(channels.type, type)))
      .get();
    return { channelId: row?.id ?? null, channelType: type };
  }
  const rows = ctx.store.db
    .select()
    .from(channels)
    .where(and(eq(channels.robotId, robotId), ne(channels.status, 'pending_authorisation')))
    .orderBy(asc(channels.seq))
    .all();
  const row = rows.find((r) => r.isActive) ?? rows[0];
  return { channelId: row?.id ?? null, channelType: row?.type ?? null };
}

/**
 * Contract: a disabled channel stops delivering events. A conversation tied to a channel emits
 * only while that channel exists and is active (disabled, pending, lapsed or disconnected: none);
 * one tied to no channel always emits.
 */
export function emitsEvents(ctx: SandboxContext, conversation: ConversationRow): boolean {
  if (conversation.channelId === null) return true;
  const channel = ctx.store.db.select({ isActive: channels.isActive }).from(channels).where(eq(channels.id, conversation.channelId)).get();
  return channel?.isActive === true;
}

export function eventBase(robot: RobotRow, conversation: ConversationRow) {
  return {
    accountId: conversation.accountId,
    robotId: robot.id,
    externalId: robot.externalId,
    conversationId: conversation.id,
  };
}

export function channelData(conversation: ConversationRow) {
  return { channel_id: conversation.channelId, channel_type: conversation.channelType, source: conversation.source };
}

/** Stores one message (with its roll-ups) and, when the channel emits, its message event. */
export function recordMessage(
  ctx: SandboxContext,
  robot: RobotRow,
  conversation: ConversationRow,
  message: { id?: string | undefined; role: MessageRole; text: string; at: number },
  emit: boolean,
  history: ModelHistory = modelHistory(ctx, robot),
): MessageRow {
  const { at } = message;
  const row: MessageRow = {
    id: message.id ?? newMessageId(),
    conversationId: conversation.id,
    robotId: robot.id,
    role: message.role,
    text: message.text,
    at,
    units: unitsPerMessage(modelAt(history, at)),
  };
  ctx.store.db.insert(messages).values(row).run();
  rollUpMessage(ctx, row);
  if (emit) {
    recordEvent(ctx, {
      ...eventBase(robot, conversation),
      type: row.role === 'client' ? 'message.received' : 'message.sent',
      createdAt: at,
      data: { message: { id: row.id, role: row.role, text: row.text, at: iso(at) }, ...channelData(conversation) },
    });
  }
  return row;
}

export interface PostedMessages {
  /** Messages stored now (a reply sent at once included; a queued or failed one not). */
  messages: MessageRow[];
  replies: ReplyOutcome[];
}

function insertMessages(
  ctx: SandboxContext,
  robot: RobotRow,
  conversation: ConversationRow,
  inputs: MessageInput[],
  emit: boolean,
  replies?: ReplyHandler,
): PostedMessages {
  const history = modelHistory(ctx, robot);
  const now = ctx.clock.nowMs();
  const posted: PostedMessages = { messages: [], replies: [] };
  for (const input of inputs) {
    const reply = replies?.(robot, conversation, input, emit) ?? null;
    if (reply) {
      posted.replies.push(reply.outcome);
      if (reply.message) posted.messages.push(reply.message);
      continue;
    }
    posted.messages.push(recordMessage(ctx, robot, conversation, { ...input, at: input.at ?? now }, emit, history));
  }
  return posted;
}

/** D24: a conversation with its first messages, emitting chat.started and a message event each. */
export function createConversation(ctx: SandboxContext, robot: RobotRow, input: ConversationInput): ConversationRow {
  return ctx.store.transaction(() => {
    const now = ctx.clock.nowMs();
    const times = input.messages.map((m) => m.at ?? now);
    const row: ConversationRow = {
      id: newConversationId(),
      accountId: robot.accountId,
      robotId: robot.id,
      ...pickChannel(ctx, robot.id, input.channel_type),
      source: input.source ?? 'direct',
      startedAt: times.length > 0 ? Math.min(...times) : now,
      closedAt: null,
      createdAt: now,
    };
    ctx.store.db.insert(conversations).values(row).run();
    const emit = emitsEvents(ctx, row);
    if (emit) {
      recordEvent(ctx, {
        ...eventBase(robot, row),
        type: 'chat.started',
        createdAt: row.startedAt,
        data: { started_at: iso(row.startedAt), ...channelData(row) },
      });
    }
    insertMessages(ctx, robot, row, input.messages, emit);
    return row;
  });
}

export function requireConversation(ctx: SandboxContext, conversationId: string): ConversationRow {
  const row = ctx.store.db.select().from(conversations).where(eq(conversations.id, conversationId)).get();
  if (!row) throw notFound('conversation');
  return row;
}

function robotOf(ctx: SandboxContext, conversation: ConversationRow): RobotRow {
  // A deleted robot's conversations are kept (retention) but take no new traffic.
  const robot = ctx.store.db.select().from(robots).where(eq(robots.id, conversation.robotId)).get();
  if (!robot) throw notFound('robot');
  return robot;
}

function assertOpen(conversation: ConversationRow): void {
  if (conversation.closedAt !== null) {
    throw new ApiError('conversation_closed', 'The conversation is closed.', { closed_at: iso(conversation.closedAt) });
  }
}

/** Appends messages; with `replies`, live automated replies take the reply path. */
export function addMessages(ctx: SandboxContext, conversationId: string, inputs: MessageInput[], replies?: ReplyHandler): PostedMessages {
  return ctx.store.transaction(() => {
    const conversation = requireConversation(ctx, conversationId);
    const robot = robotOf(ctx, conversation);
    assertOpen(conversation);
    return insertMessages(ctx, robot, conversation, inputs, emitsEvents(ctx, conversation), replies);
  });
}

export function closeConversation(ctx: SandboxContext, conversationId: string, at?: number): ConversationRow {
  return ctx.store.transaction(() => {
    const conversation = requireConversation(ctx, conversationId);
    const robot = robotOf(ctx, conversation);
    assertOpen(conversation);
    const closedAt = at ?? ctx.clock.nowMs();
    ctx.store.db.update(conversations).set({ closedAt }).where(eq(conversations.id, conversationId)).run();
    const closed = { ...conversation, closedAt };
    if (emitsEvents(ctx, closed)) {
      recordEvent(ctx, {
        ...eventBase(robot, closed),
        type: 'chat.closed',
        createdAt: closedAt,
        data: { closed_at: iso(closedAt), ...channelData(closed) },
      });
    }
    return closed;
  });
}

export function messagesOf(ctx: SandboxContext, conversationId: string): MessageRow[] {
  // Messages posted together share `at`; the rowid keeps them in the order they were posted.
  return ctx.store.db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.at), sql`rowid`)
    .all();
}

export function conversationView(row: ConversationRow) {
  return {
    id: row.id,
    account_id: row.accountId,
    robot_id: row.robotId,
    channel_id: row.channelId,
    channel_type: row.channelType,
    source: row.source,
    started_at: iso(row.startedAt),
    closed_at: isoOrNull(row.closedAt),
  };
}

export function messageView(row: MessageRow) {
  return { id: row.id, role: row.role, text: row.text, at: iso(row.at), units: row.units };
}
