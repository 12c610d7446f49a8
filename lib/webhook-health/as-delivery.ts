import type { WatchedDelivery } from '@/lib/deliveries/watch';
import type { Delivery } from '@/lib/partner/schemas';

/** The watch keeps the fields the figures need (no response bodies); the figures read them as the API's delivery record. */
export function asDelivery(watched: WatchedDelivery): Delivery {
  return {
    delivery_id: watched.deliveryId,
    event_id: watched.eventId,
    event_type: watched.eventType,
    status: watched.status as Delivery['status'],
    created_at: watched.createdAt,
    next_attempt_at: watched.nextAttemptAt,
    attempts: watched.attempts.map((attempt) => ({ ...attempt, response_body: null })),
  };
}
