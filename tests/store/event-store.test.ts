import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { setUpTestStore } from './use-test-store';

await setUpTestStore('events');

const { storeWebhookEvent, listWebhookEvents, recentConversations } = await import('@/lib/inbound-events/event-store');
const { eventTime, receiveWebhook } = await import('@/lib/inbound-events/receiver');
const { conversationThread } = await import('@/lib/conversations/thread');

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
  occurredAt: new Date(1_800_000_000_000 + i).toISOString(),
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

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const authToken = 'store-test-token';
const ROBOT = 'rb_order';

type Envelope = { id: string; type: string; created_at: string; conversation_id: string; data?: Record<string, unknown> };

/** Delivers an envelope as the service does (signed, webhook-id = event id) through the receiver into the store. */
async function deliver(envelope: Envelope): Promise<{ duplicate: unknown }> {
  const raw = JSON.stringify({ robot_id: ROBOT, external_id: 'cust-order', data: {}, ...envelope });
  const at = new Date();
  const request = new Request('http://localhost/api/webhooks/partner', {
    method: 'POST',
    body: raw,
    headers: {
      'content-type': 'application/json',
      'webhook-id': envelope.id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(envelope.id, at, raw),
      'x-webhook-token': authToken,
    },
  });
  const outcome = await receiveWebhook(request, { secret, authToken, store: storeWebhookEvent });
  expect(outcome.status).toBe(200);
  return { duplicate: outcome.body.duplicate };
}

/** The thread as a reader takes it in: each event's label or each message's text, top to bottom. */
const readThread = async (conversationId: string) => {
  const thread = await conversationThread(conversationId);
  return { status: thread.status, lines: thread.entries.map((e) => (e.kind === 'message' ? e.text : e.type)) };
};

describe('a conversation delivered out of order', () => {
  const tag = randomBytes(4).toString('hex');
  const late = `conv_late_${tag}`;
  const retried = `conv_retried_${tag}`;

  it('reads in the order things happened and is Closed when the close came first, a duplicate shown once', async () => {
    const started = { id: `evt_started_${tag}`, type: 'chat.started', created_at: '2026-11-27T09:00:01Z', conversation_id: late };
    const message = {
      id: `evt_message_${tag}`,
      type: 'message.received',
      created_at: '2026-11-27T09:00:02Z',
      conversation_id: late,
      data: { message: { text: 'Hello, is my order on its way?', role: 'client' } },
    };
    const closed = { id: `evt_closed_${tag}`, type: 'chat.closed', created_at: '2026-11-27T09:00:03Z', conversation_id: late };
    expect(await deliver(closed)).toEqual({ duplicate: false });
    expect(await deliver(message)).toEqual({ duplicate: false });
    expect(await deliver(started)).toEqual({ duplicate: false });
    expect(await deliver(message)).toEqual({ duplicate: true });

    expect(await readThread(late)).toEqual({
      status: 'closed',
      lines: ['chat.started', 'Hello, is my order on its way?', 'chat.closed'],
    });
    const listed = (await recentConversations(100, ROBOT)).find((c) => c.conversationId === late);
    expect(listed).toMatchObject({ events: 3, lastType: 'chat.closed', lastAt: '2026-11-27T09:00:03.000Z' });
  });

  it('puts a message written 40 s later below the earlier one although it arrived first, and lists the conversation by it', async () => {
    // As the sandbox stamps them: the start shares its first message's instant.
    const started = { id: `evt_start2_${tag}`, type: 'chat.started', created_at: '2026-11-27T09:10:01.000Z', conversation_id: retried };
    const first = {
      id: `evt_first_${tag}`,
      type: 'message.received',
      created_at: '2026-11-27T09:10:01.000Z',
      conversation_id: retried,
      data: { message: { text: 'first', role: 'client' } },
    };
    const second = {
      id: `evt_second_${tag}`,
      type: 'message.sent',
      created_at: '2026-11-27T09:10:41.000Z',
      conversation_id: retried,
      data: { message: { text: 'forty seconds later', role: 'ai' } },
    };
    // The first message's first attempt failed; its retry (and the start's) came after the later message.
    await deliver(second);
    await deliver(first);
    await deliver(started);
    await deliver(first);

    expect(await readThread(retried)).toEqual({ status: 'open', lines: ['chat.started', 'first', 'forty seconds later'] });
    // The list: most recent activity by event time first, whatever arrived last.
    const listed = await recentConversations(100, ROBOT);
    expect(listed.map((c) => c.conversationId)).toEqual([retried, late]);
    expect(listed[0]).toMatchObject({ events: 3, lastType: 'message.sent', lastAt: '2026-11-27T09:10:41.000Z' });
    // A page of one keeps the most recently active conversation, not the one whose event arrived last.
    expect((await recentConversations(1, ROBOT)).map((c) => c.conversationId)).toEqual([retried]);
  });

  it('shows the latest events of a long thread when it keeps only some', async () => {
    const long = `conv_long_${tag}`;
    const at = (s: number) => new Date(Date.UTC(2026, 10, 27, 9, 20, s)).toISOString();
    // Delivered newest first: a window by arrival would keep the oldest.
    for (let s = 9; s >= 0; s--) {
      await deliver({
        id: `evt_long_${s}_${tag}`,
        type: 'message.received',
        created_at: at(s),
        conversation_id: long,
        data: { message: { text: `m${s}`, role: 'client' } },
      });
    }
    const texts = (t: Awaited<ReturnType<typeof conversationThread>>) => t.entries.map((e) => (e.kind === 'message' ? e.text : e.type));
    const thread = await conversationThread(long, { pageSize: 3 });
    expect(texts(thread)).toEqual(['m7', 'm8', 'm9']);
    expect(thread).toMatchObject({ page: 1, pages: 4, totalEvents: 10 });
    // Paging back reaches the thread's first event, and no event is on two pages.
    const pages = await Promise.all([2, 3, 4].map((page) => conversationThread(long, { page, pageSize: 3 })));
    expect(pages.map(texts)).toEqual([['m4', 'm5', 'm6'], ['m1', 'm2', 'm3'], ['m0']]);
  });
});

describe('the event-time migration', () => {
  it('fills the event time of events stored before it from their payload, as the receiver reads it, arrival when unreadable', async () => {
    const real = path.join(process.cwd(), 'lib', 'db', 'migrations');
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'));
    try {
      // The migrations as they stood before the event time: the journal up to 0001.
      fs.mkdirSync(path.join(before, 'meta'));
      const journal = JSON.parse(fs.readFileSync(path.join(real, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
      const upTo = journal.entries.findIndex((e) => e.tag === '0002_event_time');
      expect(upTo).toBeGreaterThan(0);
      const earlier = journal.entries.slice(0, upTo);
      fs.writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: earlier }));
      for (const e of earlier) fs.copyFileSync(path.join(real, `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));

      const client = await PGlite.create();
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: before });
      const arrived = '2026-11-27T08:00:00.000Z';
      const createdAts: Record<string, unknown> = {
        utc: '2026-09-20T10:15:00Z',
        offset: '2026-09-20T12:15:00.5+02:00',
        missing: undefined,
        words: 'yesterday',
        no_zone: '2026-09-20T10:15:00',
        impossible: '2026-13-45T00:00:00Z',
        number: 1_790_000_000,
      };
      for (const [name, createdAt] of Object.entries(createdAts)) {
        await client.query(
          `INSERT INTO webhook_events (webhook_id, type, is_test, payload, received_at) VALUES ($1, 'message.received', false, $2, $3)`,
          [name, JSON.stringify({ id: name, created_at: createdAt }), arrived],
        );
      }
      await client.query(
        `INSERT INTO webhook_events (webhook_id, type, is_test, payload, received_at) VALUES ('not_json', 'x', false, '{', $1)`,
        [arrived],
      );

      await migrate(db, { migrationsFolder: real });
      const rows = await client.query<{ webhook_id: string; occurred_at: string }>('SELECT webhook_id, occurred_at FROM webhook_events');
      const filled = Object.fromEntries(rows.rows.map((r) => [r.webhook_id, r.occurred_at]));
      expect(filled).toEqual({
        utc: '2026-09-20T10:15:00.000Z',
        offset: '2026-09-20T10:15:00.500Z',
        missing: arrived,
        words: arrived,
        no_zone: arrived,
        impossible: arrived,
        number: arrived,
        not_json: arrived,
      });
      // The receiver gives new events the same time from the same envelope.
      for (const [name, createdAt] of Object.entries(createdAts)) {
        expect(eventTime(typeof createdAt === 'string' ? createdAt : null, arrived)).toBe(filled[name]);
      }
      await client.close();
    } finally {
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
