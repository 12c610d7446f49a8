import type { SandboxContext } from '../context';
import { eventsAfter, latestEventSeq, type EventEnvelope } from '../domain/events';
import { iso } from '../domain/vocabulary';
import type { AccountRow } from '../store/schema';
import { deliveryHeaders } from './signing';

export interface FedEvent {
  seq: number;
  recorded_at: string;
  event: EventEnvelope;
  /** The request a delivery of it carries, signed now with the account's secret: forward it as it is. */
  request: { headers: Record<string, string>; body: string };
}

/**
 * An account's events after `afterSeq`, oldest first, each with a delivery's signed request, for
 * `listen --forward-to`. Every event is here whether or not the account has a webhook URL, and
 * reading them sends nothing and changes nothing.
 */
export function eventFeed(
  ctx: SandboxContext,
  account: AccountRow,
  afterSeq: number,
  limit: number,
): { data: FedEvent[]; latest_seq: number } {
  const rows = eventsAfter(ctx, account.id, afterSeq, limit);
  const latest = latestEventSeq(ctx, account.id);
  const data = rows.map((row) => {
    const event = row.envelope as unknown as EventEnvelope;
    // The same body as the outbox stores for a delivery, so the signature verifies as a delivery's does.
    const body = JSON.stringify(event);
    return {
      seq: row.seq,
      recorded_at: iso(row.recordedAt),
      event,
      request: { headers: deliveryHeaders(account, event.id, body, Date.now(), ctx.clock.nowMs()), body },
    };
  });
  return { data, latest_seq: latest };
}
