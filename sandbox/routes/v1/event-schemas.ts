import { z } from '@hono/zod-openapi';
import { MESSAGE_ROLES, REPLY_KINDS, SOURCES, type EventType } from '../../domain/conversation-vocabulary';
import { ChannelTypeSchema } from './schemas';

// One schema per D17 event type, for the document's top-level `webhooks` (OpenAPI 3.1), so a
// generator gives a receiver one typed payload per event rather than `data: object`.

const CREATED_AT = '2026-11-27T10:15:00.000Z';
const CHANNEL_DATA_EXAMPLE = { channel_id: 'ch_3kQ9sLm0ZpX7bT1c', channel_type: 'messenger_bot', source: 'direct' } as const;

const channelData = {
  channel_id: z.string(),
  channel_type: ChannelTypeSchema,
  source: z.enum(SOURCES),
};

const MessageSchema = z
  .object({
    id: z.string().openapi({ example: 'msg_Zq81LmX0pB4nT7cQ' }),
    role: z.enum(MESSAGE_ROLES),
    text: z.string(),
    at: z.iso.datetime(),
  })
  .openapi('EventMessage');

const conversationEnvelope = {
  id: z.string().openapi({ description: 'Event id; also the `webhook-id` header of every attempt.' }),
  created_at: z.iso.datetime(),
  robot_id: z.string(),
  external_id: z.string().nullable().openapi({ description: "The robot's `external_id` (the partner's own identifier)." }),
  conversation_id: z.string(),
};

const envelopeExample = (type: EventType, data: Record<string, unknown>) => ({
  id: 'evt_3kT9cQ1mZp0LrX7b',
  type,
  created_at: CREATED_AT,
  robot_id: 'rb_8Jd0sPq2LmX4vN7a',
  external_id: 'cust-1',
  conversation_id: 'conv_Lm0ZpX7bT1cV8nRw',
  data,
});

const messageExample = (role: string) => ({
  message: { id: 'msg_Zq81LmX0pB4nT7cQ', role, text: 'Hello, is my order on its way?', at: CREATED_AT },
  ...CHANNEL_DATA_EXAMPLE,
});

function conversationEvent(type: EventType, name: string, data: z.ZodObject, example: Record<string, unknown>, description: string) {
  return z
    .object({ ...conversationEnvelope, type: z.literal(type), data })
    .openapi(name, { description, example: envelopeExample(type, example) });
}

export const EVENT_SCHEMAS: Record<EventType, { schema: z.ZodType; summary: string }> = {
  'chat.started': {
    summary: 'A conversation started',
    schema: conversationEvent(
      'chat.started',
      'ChatStartedEvent',
      z.object({ started_at: z.iso.datetime(), ...channelData }),
      { started_at: CREATED_AT, ...CHANNEL_DATA_EXAMPLE },
      'A conversation started.',
    ),
  },
  'chat.closed': {
    summary: 'A conversation closed',
    schema: conversationEvent(
      'chat.closed',
      'ChatClosedEvent',
      z.object({ closed_at: z.iso.datetime(), ...channelData }),
      { closed_at: CREATED_AT, ...CHANNEL_DATA_EXAMPLE },
      'A conversation closed.',
    ),
  },
  'message.received': {
    summary: 'A message from the end customer',
    schema: conversationEvent(
      'message.received',
      'MessageReceivedEvent',
      z.object({ message: MessageSchema, ...channelData }),
      messageExample('client'),
      'A message from the end customer (`role` client).',
    ),
  },
  'message.sent': {
    summary: 'A message sent by the AI or an operator',
    schema: conversationEvent(
      'message.sent',
      'MessageSentEvent',
      z.object({ message: MessageSchema, ...channelData }),
      messageExample('ai'),
      'A message sent to the end customer (`role` ai or operator).',
    ),
  },
  'message.failed': {
    summary: 'An automated reply that was not sent',
    schema: conversationEvent(
      'message.failed',
      'MessageFailedEvent',
      z.object({
        message: z.object({ id: z.string(), role: z.literal('ai'), text: z.string(), kind: z.enum(REPLY_KINDS), at: z.iso.datetime() }),
        reason: z.enum(['outside_window', 'queue_expired', 'conversation_closed']).openapi({
          description:
            "`outside_window`: more than 24 h after the customer's last message; `queue_expired`: dropped after 2 h in the reply queue; `conversation_closed`: closed while queued.",
        }),
        ...channelData,
      }),
      {
        message: { id: 'msg_Zq81LmX0pB4nT7cQ', role: 'ai', text: 'Your order ships today.', kind: 'text', at: CREATED_AT },
        reason: 'queue_expired',
        ...CHANNEL_DATA_EXAMPLE,
      },
      'An automated reply that was not sent; `data.reason` says why.',
    ),
  },
  test: {
    summary: 'The test event (discard it)',
    schema: z
      .object({
        id: conversationEnvelope.id,
        type: z.literal('test'),
        created_at: z.iso.datetime(),
        robot_id: z.null(),
        external_id: z.null(),
        conversation_id: z.null(),
        data: z.object({ test: z.literal(true) }),
      })
      .openapi('TestEvent', {
        description: 'Sent by POST /v1/webhooks/test; `data.test` is true: a handler should discard it.',
        example: {
          id: 'evt_3kT9cQ1mZp0LrX7b',
          type: 'test',
          created_at: CREATED_AT,
          robot_id: null,
          external_id: null,
          conversation_id: null,
          data: { test: true },
        },
      }),
  },
};
