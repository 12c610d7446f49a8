import { describe, expect, it } from 'vitest';
import { setUpTestStore } from './use-test-store';

await setUpTestStore('retention_purge');

const { storeWebhookEvent, conversationEventCount } = await import('@/lib/inbound-events/event-store');
const { purgeExpiredHistory } = await import('@/lib/retention/purge');
const { stateRetention, dashboardRetention } = await import('@/lib/retention/settings');
const { purgedConversation, historySpan } = await import('@/lib/retention/history-span');
const { horizonOf } = await import('@/lib/retention/policy');

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
let n = 0;

async function event(conversationId: string, at: number, type = 'message.received'): Promise<void> {
  n += 1;
  await storeWebhookEvent({
    webhookId: `msg_ret_${n}`,
    eventId: `evt_ret_${n}`,
    type,
    robotId: 'rb_ret',
    externalId: null,
    conversationId,
    isTest: false,
    payload: JSON.stringify({ id: `evt_ret_${n}`, type }),
    receivedAt: iso(at),
    occurredAt: iso(at),
    messageText: null,
  });
}

describe("the dashboard's own retention", () => {
  it('removes nothing until an admin states the plan', async () => {
    await event('conv_unstated', Date.UTC(2020, 0, 1));
    expect(await dashboardRetention()).toEqual({ state: 'unstated' });
    expect(await purgeExpiredHistory(NOW)).toEqual({ horizon: null, events: 0, conversations: 0 });
    expect(await conversationEventCount('conv_unstated')).toBe(1);
  });

  it('counts age per event, exactly at the horizon, and notes each conversation left with nothing', async () => {
    const horizon = horizonOf(6, NOW); // Basic: 6 months
    expect(iso(horizon)).toBe('2026-05-27T12:00:00.000Z');
    await event('conv_mixed', horizon - 1_000);
    await event('conv_mixed', horizon + 1_000);
    await event('conv_edge', horizon); // at the horizon: kept
    await event('conv_old', horizon - 1);
    await event('conv_old', horizon - 86_400_000, 'chat.started');
    await stateRetention({ standard: 'basic', socialDm: null }, null);
    const result = await purgeExpiredHistory(NOW);
    expect(result).toEqual({ horizon: iso(horizon), events: 4, conversations: 2 }); // conv_unstated too
    expect(await conversationEventCount('conv_mixed')).toBe(1);
    expect(await conversationEventCount('conv_edge')).toBe(1);
    expect(await conversationEventCount('conv_old')).toBe(0);
    expect(await purgedConversation('conv_old')).toEqual({ purgedAt: expect.any(String), horizon: iso(horizon) });
    expect(await purgedConversation('conv_mixed')).toBeNull();
    // Run again: nothing more.
    expect((await purgeExpiredHistory(NOW)).events).toBe(0);
  });

  it('applies a shorter own retention, and says when the oldest kept conversation starts to go', async () => {
    await stateRetention({ standard: 'professional', socialDm: null }, 3);
    expect(await dashboardRetention()).toMatchObject({ state: 'stated', planMonths: 12, ownMonths: 3, months: 3 });
    const result = await purgeExpiredHistory(NOW);
    expect(result.horizon).toBe('2026-08-27T12:00:00.000Z');
    expect(await conversationEventCount('conv_mixed')).toBe(0);
    await event('conv_recent', Date.parse('2026-10-01T08:00:00.000Z'));
    const span = await historySpan();
    expect(span.oldest).toEqual({ conversationId: 'conv_recent', at: '2026-10-01T08:00:00.000Z', goesAt: '2027-01-01T08:00:00.001Z' }); // at the horizon it is still kept
  });

  it('keeps everything without a limit for Business on a social-DM plan', async () => {
    await stateRetention({ standard: 'basic', socialDm: 'business' }, null);
    await event('conv_ancient', Date.UTC(2019, 0, 1));
    expect(await purgeExpiredHistory(NOW)).toEqual({ horizon: null, events: 0, conversations: 0 });
    expect(await conversationEventCount('conv_ancient')).toBe(1);
    expect((await historySpan()).horizon).toBeNull();
  });

  it('purges a large history in batches, every event once', async () => {
    await stateRetention({ standard: 'basic', socialDm: null }, null);
    for (let i = 0; i < 1_200; i++) await event(`conv_bulk_${i % 700}`, Date.UTC(2025, 0, 1) + i * 1000);
    const result = await purgeExpiredHistory(NOW);
    expect(result.events).toBe(1_201); // conv_ancient too
    expect(result.conversations).toBe(701);
  });
});
