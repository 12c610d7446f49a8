import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { setUpTestStore } from './use-test-store';

await setUpTestStore('conversation_search');

const { storeWebhookEvent } = await import('@/lib/inbound-events/event-store');
const { receiveWebhook } = await import('@/lib/inbound-events/receiver');
const { searchConversations, SEARCH_PAGE_SIZE } = await import('@/lib/conversations/search');
const { parseConversationSearch } = await import('@/lib/conversations/search-params');

const secret = `whsec_${Buffer.from('conversation-search-secret-bytes').toString('base64')}`;
const authToken = 'search-token';

type Envelope = {
  id: string;
  type: string;
  created_at: string;
  conversation_id: string;
  robot_id: string;
  external_id: string;
  data: object;
};

/** Through the real receiver, signed, so the stored row is what production stores. */
async function deliver(envelope: Envelope): Promise<void> {
  const raw = JSON.stringify(envelope);
  const at = new Date();
  const request = new Request('http://localhost/api/webhooks/partner', {
    method: 'POST',
    body: raw,
    headers: {
      'webhook-id': envelope.id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(envelope.id, at, raw),
      'x-webhook-token': authToken,
    },
  });
  const outcome = await receiveWebhook(request, { secret, authToken, store: storeWebhookEvent });
  expect(outcome.status).toBe(200);
}

const day = (d: number, h = 12) => new Date(Date.UTC(2026, 2, d, h)).toISOString();

/** 120 conversations over March: robot rb_a for customer cust-a (even), rb_b for cust-b (odd). */
async function seed(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const robot = i % 2 === 0 ? { robot_id: 'rb_a', external_id: 'cust-a' } : { robot_id: 'rb_b', external_id: 'cust-b' };
    const base = { conversation_id: `conv_${String(i).padStart(3, '0')}`, ...robot };
    const d = 1 + (i % 30);
    await deliver({ id: `s_${i}`, type: 'chat.started', created_at: day(d, 9), ...base, data: {} });
    await deliver({
      id: `m_${i}`,
      type: 'message.received',
      created_at: day(d, 10),
      ...base,
      // Words a search must find as text, not as JSON: "message" and "data" are keys of every envelope.
      data: { message: { role: 'client', text: i === 77 ? 'Where is my 50%_refund for order Q-77?' : `hello number ${i}` } },
    });
  }
}

await seed();

const ids = (found: Awaited<ReturnType<typeof searchConversations>>) => found.conversations.map((c) => c.conversationId);

describe('conversation search', () => {
  it('finds what a message said, in any case, and a typed % or _ as itself', async () => {
    expect(ids(await searchConversations({ text: '50%_REFUND' }, 1))).toEqual(['conv_077']);
    expect(ids(await searchConversations({ text: '5_%' }, 1))).toEqual([]);
    // The envelope's keys are not text anyone said.
    expect((await searchConversations({ text: 'message' }, 1)).total).toBe(0);
    expect((await searchConversations({ text: 'hello' }, 1)).total).toBe(119);
  });

  it('combines customer, robot and days, each UTC day included whole', async () => {
    const found = await searchConversations({ customer: 'cust-b', fromDay: '2026-03-10', toDay: '2026-03-12' }, 1);
    // Days 10–12 hold i % 30 in 9..11; odd ones are cust-b: i = 9, 11, 39, 41, 69, 71, 99, 101.
    expect(ids(found).sort()).toEqual(['conv_009', 'conv_011', 'conv_039', 'conv_041', 'conv_069', 'conv_071', 'conv_099', 'conv_101']);
    expect((await searchConversations({ robotId: 'rb_a', customer: 'cust-b' }, 1)).total).toBe(0);
    expect((await searchConversations({ robotId: 'rb_a' }, 1)).total).toBe(60);
  });

  it('pages through every match once, most recently active first', async () => {
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(await searchConversations({}, page));
    expect(pages[0]?.total).toBe(120);
    expect(pages[0]?.pages).toBe(Math.ceil(120 / SEARCH_PAGE_SIZE));
    const all = pages.flatMap(ids);
    expect(new Set(all).size).toBe(120);
    const lastAt = pages.flatMap((p) => p.conversations.map((c) => c.lastAt));
    expect([...lastAt].sort().reverse()).toEqual(lastAt);
    expect(await searchConversations({}, 9)).toMatchObject({ conversations: [], total: 120 });
  });

  it('names each unusable filter and searches with the rest', () => {
    const parsed = parseConversationSearch({ robot: 'rb a;drop', from: '2026-02-30', to: '2026-03-01', customer: 'cust-a', page: '-3' });
    expect(parsed.problems).toEqual({ robot: expect.stringContaining('robot id'), from: expect.stringContaining('YYYY-MM-DD') });
    expect(parsed.search).toEqual({ customer: 'cust-a', toDay: '2026-03-01' });
    expect(parsed.page).toBe(1);
    expect(parseConversationSearch({ from: '2026-03-05', to: '2026-03-01' }).problems.to).toContain('before the first');
  });
});
