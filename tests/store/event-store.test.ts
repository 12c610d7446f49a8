import { describe, expect, it } from 'vitest';
import { setUpTestStore } from './use-test-store';

await setUpTestStore('events');

const { storeWebhookEvent, listWebhookEvents } = await import('@/lib/inbound-events/event-store');

const event = (i: number) => ({
  webhookId: `msg_batch_${i}`,
  eventId: `evt_${i}`,
  type: 'message.created',
  robotId: 'rb_1',
  externalId: null,
  conversationId: `cv_${i % 7}`,
  isTest: false,
  payload: JSON.stringify({ id: `evt_${i}` }),
  receivedAt: new Date(1_800_000_000_000 + i).toISOString(),
});

describe('received events, stored together', () => {
  it('stores each of a concurrent burst once, duplicates included, and tells each caller whether its event was new', async () => {
    const ids = Array.from({ length: 1200 }, (_, i) => i);
    // Every event three times, interleaved, all at once (over two batches' worth).
    const sends = [...ids, ...ids, ...ids].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(sends.map(async (i) => ({ i, stored: await storeWebhookEvent(event(i)) })));
    const firsts = new Map<number, number>();
    for (const a of answers) if (a.stored) firsts.set(a.i, (firsts.get(a.i) ?? 0) + 1);
    expect(firsts.size).toBe(ids.length);
    expect([...firsts.values()].every((n) => n === 1)).toBe(true);
    expect((await listWebhookEvents({}, 1, 0)).total).toBe(ids.length);
    // Sent again later: already there.
    expect(await storeWebhookEvent(event(5))).toBe(false);
  });
});
