import { z } from '@hono/zod-openapi';
import { EVENT_TYPES } from '../../domain/conversation-vocabulary';
import { DELIVERY_STATUSES } from '../../webhooks/deliveries';
import { PaginationQuery, PaginationSchema, pathId } from './schemas';

const DeliveryStatusSchema = z.enum(DELIVERY_STATUSES).openapi('DeliveryStatus', {
  description:
    '`pending` (not yet tried), `retrying` (failed, more attempts scheduled), `succeeded` (a 2xx within 15 s), `failed` (all 8 attempts spent).',
});

const EventTypeSchema = z.enum(EVENT_TYPES).openapi('EventType');

const EventEnvelopeSchema = z
  .object({
    id: z.string().openapi({ example: 'evt_3kT9cQ1mZp0LrX7b', description: 'Also the `webhook-id` header of every attempt.' }),
    type: EventTypeSchema,
    created_at: z.iso.datetime(),
    robot_id: z.string().nullable(),
    external_id: z.string().nullable(),
    conversation_id: z.string().nullable(),
    data: z.record(z.string(), z.unknown()),
  })
  .openapi('Event', {
    description: 'D17 envelope; `test` events carry null robot_id, external_id and conversation_id and `data.test` true.',
  });

const DeliveryAttemptSchema = z
  .object({
    attempt: z.number().int().openapi({ description: '1..8' }),
    attempted_at: z.iso.datetime().openapi({ description: 'Scheduled time of the attempt on the service clock.' }),
    response_status: z.number().int().nullable().openapi({ description: 'Null when no answer came (timeout, refused, DNS).' }),
    response_body: z.string().nullable().openapi({ description: 'First 4 KiB of the answer.' }),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
  })
  .openapi('DeliveryAttempt');

export const DeliverySchema = z
  .object({
    delivery_id: z.string().openapi({ example: 'dlv_7Hs2kLq9ZxW0pB4n' }),
    event_id: z.string(),
    event_type: EventTypeSchema,
    status: DeliveryStatusSchema,
    created_at: z.iso.datetime(),
    next_attempt_at: z.iso.datetime().nullable().openapi({ description: 'Null once succeeded or failed.' }),
    attempts: z.array(DeliveryAttemptSchema),
    payload: EventEnvelopeSchema,
  })
  .openapi('Delivery', {
    example: {
      delivery_id: 'dlv_7Hs2kLq9ZxW0pB4n',
      event_id: 'evt_3kT9cQ1mZp0LrX7b',
      event_type: 'test',
      status: 'succeeded',
      created_at: '2026-11-27T10:15:00.000Z',
      next_attempt_at: null,
      attempts: [
        { attempt: 1, attempted_at: '2026-11-27T10:15:00.000Z', response_status: 200, response_body: 'ok', duration_ms: 12, error: null },
      ],
      payload: {
        id: 'evt_3kT9cQ1mZp0LrX7b',
        type: 'test',
        created_at: '2026-11-27T10:15:00.000Z',
        robot_id: null,
        external_id: null,
        conversation_id: null,
        data: { test: true },
      },
    },
  });

export const DeliveryListSchema = z.object({ data: z.array(DeliverySchema), pagination: PaginationSchema }).openapi('DeliveryList');

export const TestEventResultSchema = z
  .object({
    delivery_id: z.string().openapi({ description: 'Look it up on GET /v1/webhooks/deliveries/{delivery_id}.' }),
    status: z.literal('pending'),
  })
  .openapi('TestEventResult', { example: { delivery_id: 'dlv_7Hs2kLq9ZxW0pB4n', status: 'pending' } });

const optionalQuery = <T extends z.ZodType>(schema: T, name: string, description: string) =>
  schema.optional().openapi({ param: { name, in: 'query', required: false }, description });

export const DeliveryQuery = z.object({
  delivery_id: optionalQuery(
    z
      .string({ error: 'must be a delivery id' })
      .min(1, { error: 'must be a delivery id' })
      .max(200, { error: 'must be at most 200 characters' }),
    'delivery_id',
    'Only this delivery.',
  ),
  status: optionalQuery(
    z.enum(DELIVERY_STATUSES, { error: `must be one of ${DELIVERY_STATUSES.join(', ')}` }),
    'status',
    'Only deliveries in this state.',
  ),
  event_type: optionalQuery(
    z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(', ')}` }),
    'event_type',
    'Only deliveries of this event type.',
  ),
  ...PaginationQuery.shape,
});

export const deliveryIdParam = z.object({ delivery_id: pathId('delivery_id', 'dlv_7Hs2kLq9ZxW0pB4n') });
