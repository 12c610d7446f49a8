import { gte } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestStore } from './use-test-store';

await setUpTestStore('overview_attention');

const { getDb, schema } = await import('@/lib/db');
const { storeWebhookEvent } = await import('@/lib/inbound-events/event-store');
const { rememberHandshake } = await import('@/lib/channels/memory');
const { noteKeyAnswer } = await import('@/lib/connection/key-health');
const { attentionItems, SILENCE } = await import('@/lib/overview/attention');

// Opening the store (migrations included) is not what the tests time.
beforeAll(async () => {
  await getDb();
}, 60_000);

const NOW = Date.parse('2026-11-27T12:00:00Z');
const HOUR = 3_600_000;
let seq = 0;

const event = (
  type: string,
  robotId: string,
  at: number,
  extra: { conversationId?: string; reason?: string; isTest?: boolean; externalId?: string } = {},
) => {
  const id = `evt_${++seq}`;
  return {
    webhookId: id,
    eventId: id,
    type,
    robotId,
    externalId: extra.externalId ?? null,
    conversationId: extra.conversationId ?? null,
    isTest: extra.isTest ?? false,
    payload: JSON.stringify({ id, type, robot_id: robotId, data: extra.reason ? { reason: extra.reason } : {} }),
    receivedAt: new Date(at).toISOString(),
    occurredAt: new Date(at).toISOString(),
  };
};

/** A week of traffic at `perHour`, ending `quietFor` before NOW. */
async function busyWeek(robotId: string, perHour: number, quietFor: number): Promise<void> {
  const start = NOW - SILENCE.historyMs + HOUR;
  const end = NOW - quietFor;
  const total = Math.ceil(((end - start) / HOUR) * perHour);
  const rows = Array.from({ length: total }, (_, i) => event('message.received', robotId, start + Math.floor(((end - start) * i) / total)));
  const db = await getDb();
  for (let i = 0; i < rows.length; i += 1000) await db.insert(schema.webhookEvents).values(rows.slice(i, i + 1000));
}

const kinds = (items: Awaited<ReturnType<typeof attentionItems>>) => items.map((item) => item.kind);

describe('what needs attention, from the store alone', () => {
  it('says nothing when nothing is wrong', async () => {
    expect(await attentionItems(NOW)).toEqual([]);
  });

  it('groups replies that never reached a customer in the last 24 h by robot and reason, with the conversations they hit', async () => {
    await storeWebhookEvent(
      event('message.failed', 'rb_a', NOW - HOUR, { conversationId: 'cv_1', reason: 'queue_expired', externalId: 'cust-1' }),
    );
    await storeWebhookEvent(
      event('message.failed', 'rb_a', NOW - 2 * HOUR, { conversationId: 'cv_2', reason: 'queue_expired', externalId: 'cust-2' }),
    );
    await storeWebhookEvent(event('message.failed', 'rb_a', NOW - 3 * HOUR, { conversationId: 'cv_3', reason: 'outside_window' }));
    await storeWebhookEvent(event('message.failed', 'rb_b', NOW - 25 * HOUR, { conversationId: 'cv_old', reason: 'queue_expired' }));
    await storeWebhookEvent(event('message.failed', 'rb_b', NOW - HOUR, { reason: 'queue_expired', isTest: true }));
    const items = await attentionItems(NOW);
    expect(items).toEqual([
      {
        kind: 'replies_failed',
        total: 3,
        groups: [
          {
            robotId: 'rb_a',
            robotName: null,
            reason: 'queue_expired',
            count: 2,
            conversations: ['cv_1', 'cv_2'],
            customers: ['cust-1', 'cust-2'],
            customerCount: 2,
          },
          {
            robotId: 'rb_a',
            robotName: null,
            reason: 'outside_window',
            count: 1,
            conversations: ['cv_3'],
            customers: [],
            customerCount: 0,
          },
        ],
      },
    ]);
  });

  it('names a robot that went quiet for 2 hours after a week above 20 events an hour, not one still busy or never busy', async () => {
    await busyWeek('rb_quiet', 21, SILENCE.quietMs + 10 * 60_000);
    await busyWeek('rb_live', 21, 10 * 60_000);
    await busyWeek('rb_slow', 5, SILENCE.quietMs + 10 * 60_000);
    await busyWeek('rb_just_below', 19, SILENCE.quietMs + 10 * 60_000);
    const silence = (await attentionItems(NOW)).find((item) => item.kind === 'silence');
    expect(silence).toMatchObject({ kind: 'silence', account: null, robots: [{ robotId: 'rb_quiet', hourlyAverage: 21 }] });

    // The whole account goes quiet once nothing has arrived for 2 hours either.
    await (
      await getDb()
    )
      .delete(schema.webhookEvents)
      .where(gte(schema.webhookEvents.occurredAt, new Date(NOW - SILENCE.quietMs).toISOString()));
    const account = (await attentionItems(NOW)).find((item) => item.kind === 'silence');
    expect(account).toMatchObject({ kind: 'silence', account: { robotId: null } });
  });

  it('lists waiting handshakes soonest expiry first, and puts a refused key first of all until a call is accepted', async () => {
    await rememberHandshake({
      robotId: 'rb_h',
      channelId: 'ch_late',
      authorisationUrl: 'https://consent/1',
      expiresAt: '2026-11-28T10:00:00Z',
      startedBy: 'a',
    });
    await rememberHandshake({
      robotId: 'rb_h',
      channelId: 'ch_soon',
      authorisationUrl: 'https://consent/2',
      expiresAt: '2026-11-27T13:00:00Z',
      startedBy: 'a',
    });
    const handshakes = (await attentionItems(NOW)).find((item) => item.kind === 'handshakes_pending');
    expect(handshakes).toMatchObject({ total: 2, handshakes: [{ channelId: 'ch_soon' }, { channelId: 'ch_late' }] });
    // More than the item names: it counts them all and names the five that expire first; an expired one is not waiting.
    for (const { channelId, expiresAt } of [
      { channelId: 'ch_gone', expiresAt: '2026-11-26T12:00:00Z' },
      ...[1, 2, 3, 4, 5].map((n) => ({ channelId: `ch_later_${n}`, expiresAt: `2026-11-29T1${n}:00:00Z` })),
    ])
      await rememberHandshake({ robotId: 'rb_h', channelId, authorisationUrl: `https://consent/${channelId}`, expiresAt, startedBy: 'a' });
    const many = (await attentionItems(NOW)).find((item) => item.kind === 'handshakes_pending');
    expect(many).toMatchObject({ total: 7 });
    expect(many?.kind === 'handshakes_pending' && many.handshakes.map((h) => h.channelId)).toEqual([
      'ch_soon',
      'ch_late',
      'ch_later_1',
      'ch_later_2',
      'ch_later_3',
    ]);

    await noteKeyAnswer(401, { requestId: 'req_refused', path: '/v1/robots' }, NOW);
    const refused = await attentionItems(NOW);
    expect(kinds(refused)).toEqual(['key_refused', 'replies_failed', 'silence', 'handshakes_pending']);
    expect(refused[0]).toMatchObject({ refusal: { requestId: 'req_refused', path: '/v1/robots' } });

    await noteKeyAnswer(200, { path: '/v1/robots' }, NOW + 60_000);
    expect(kinds(await attentionItems(NOW))).toEqual(['replies_failed', 'silence', 'handshakes_pending']);
  });

  it("follows the service's clock when it runs ahead: a robot busy until a moment ago is silent once events arrive 3 hours later", async () => {
    await busyWeek('rb_overtaken', 21, 5 * 60_000);
    const before = (await attentionItems(NOW)).find((item) => item.kind === 'silence');
    expect(before?.kind === 'silence' && before.robots.some((robot) => robot.robotId === 'rb_overtaken')).toBe(false);
    // The sandbox's clock advanced 3 hours; another robot's event says so.
    await storeWebhookEvent(event('message.received', 'rb_other', NOW + 3 * HOUR));
    const after = (await attentionItems(NOW)).find((item) => item.kind === 'silence');
    expect(after?.kind === 'silence' && after.robots.some((robot) => robot.robotId === 'rb_overtaken')).toBe(true);
  });
});
