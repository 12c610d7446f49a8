import type { SandboxContext } from '../context';
import { ApiError, notFound } from '../http/api-error';
import { recordFailure, type FailReason } from '../replies/queue';
import type { ConversationRow } from '../store/conversation-schema';
import type { RobotRow } from '../store/schema';
import { recordTestEvent } from '../webhooks/deliveries';
import { newMessageId, type EventType } from './conversation-vocabulary';
import { addMessages, closeConversation, createConversation, emitsEvents, requireConversation } from './conversations';
import { eventsAfter, latestEventSeq, type EventEnvelope } from './events';

export interface TriggerInput {
  type: EventType;
  /** The conversation it happens in; without one a new conversation is started first (and its chat.started recorded). */
  conversationId?: string | undefined;
  /** The message's text for message events. */
  text?: string | undefined;
  /** Why the reply was not sent, for message.failed. */
  reason?: FailReason | undefined;
}

export interface Triggered {
  conversation_id: string | null;
  /** Every event the trigger recorded, in order: the one asked for last. */
  events: EventEnvelope[];
}

const DEFAULT_TEXT: Record<'message.received' | 'message.sent' | 'message.failed', string> = {
  'message.received': 'Hello, a message triggered from the sandbox.',
  'message.sent': 'A reply triggered from the sandbox.',
  'message.failed': 'A reply triggered from the sandbox that was not sent.',
};

const refused = (path: string, message: string) =>
  new ApiError('validation_failed', `The event cannot be triggered: ${message}.`, { issues: [{ path, message }] });

function conversationFor(ctx: SandboxContext, robot: RobotRow, conversationId: string | undefined): ConversationRow {
  if (conversationId === undefined) return createConversation(ctx, robot, { messages: [] });
  const conversation = requireConversation(ctx, conversationId);
  if (conversation.robotId !== robot.id) throw notFound('conversation');
  if (conversation.closedAt !== null) throw refused('conversation_id', 'the conversation is closed');
  return conversation;
}

function happen(ctx: SandboxContext, robot: RobotRow, input: TriggerInput): string | null {
  const { type } = input;
  if (type === 'test') {
    recordTestEvent(ctx, robot.accountId);
    return null;
  }
  if (type === 'chat.started' && input.conversationId !== undefined) {
    throw refused('conversation_id', 'chat.started starts a new conversation: leave conversation_id out');
  }
  const conversation = conversationFor(ctx, robot, input.conversationId);
  if (!emitsEvents(ctx, conversation)) {
    const path = input.conversationId === undefined ? 'robot_id' : 'conversation_id';
    throw refused(path, `channel ${conversation.channelId ?? ''} is not active, and a channel that is not active delivers no events`);
  }
  if (type === 'chat.started') return conversation.id;
  const now = ctx.clock.nowMs();
  if (type === 'chat.closed') return closeConversation(ctx, conversation.id).id;
  const text = input.text ?? DEFAULT_TEXT[type];
  if (type === 'message.failed') {
    recordFailure(
      ctx,
      robot,
      conversation,
      { id: newMessageId(), text, kind: 'text', queuedAt: now },
      input.reason ?? 'outside_window',
      now,
    );
    return conversation.id;
  }
  // A message with its time given is recorded as given: the reply path's queue and limits do not apply.
  addMessages(ctx, conversation.id, [{ role: type === 'message.received' ? 'client' : 'ai', text, at: now }]);
  return conversation.id;
}

/**
 * A real event of any type for a robot, as the service would record it: the conversation, message
 * or close happens (so the dashboard's views agree with the event), and the event is queued and
 * signed like any other. Answers every event recorded, in order.
 */
export function triggerEvent(ctx: SandboxContext, robot: RobotRow, input: TriggerInput): Triggered {
  return ctx.store.transaction(() => {
    const before = latestEventSeq(ctx, robot.accountId);
    const conversationId = happen(ctx, robot, input);
    const recorded = eventsAfter(ctx, robot.accountId, before).map((row) => row.envelope as unknown as EventEnvelope);
    return { conversation_id: conversationId, events: recorded };
  });
}
