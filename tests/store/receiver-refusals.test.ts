import { setUpTestStore } from './use-test-store';
import { beforeEach, describe, expect, it } from 'vitest';

// A file of its own: the purge runs at most once an hour per process, so no earlier write may have run it.
await setUpTestStore('receiver_refusals');

const { getDb, schema } = await import('@/lib/db');
const { noteRefusal, purgeOldRefusals, refusalsByHour, OTHER_SOURCE, REFUSAL_RETENTION_MS, SOURCES_PER_HOUR } =
  await import('@/lib/inbound-events/refusal-counts');

const HOUR = 3_600_000;
// Some UTC hour's start, far enough from now that the purge never reaches the rows by its own clock.
const H = Math.floor(Date.now() / HOUR) * HOUR - 5 * HOUR;

beforeEach(async () => {
  await (await getDb()).delete(schema.receiverRefusals);
});

describe('what the receiver refused, counted per hour', () => {
  it('adds one per refusal to its hour, reason and source, and totals each reason', async () => {
    await noteRefusal({ reason: 'unauthorised', source: '192.0.2.1', at: H + 10 });
    await noteRefusal({ reason: 'unauthorised', source: '192.0.2.1', at: H + 20 * 60_000 });
    await noteRefusal({ reason: 'unauthorised', source: '192.0.2.2', at: H + 30 * 60_000 });
    await noteRefusal({ reason: 'invalid_signature', source: '192.0.2.1', at: H + 40 * 60_000 });
    await Promise.all(Array.from({ length: 5 }, () => noteRefusal({ reason: 'too_large', source: '198.51.100.7', at: H + HOUR })));

    const view = await refusalsByHour(H + HOUR + 1);
    expect(view.rows).toEqual([
      { hour: H + HOUR, reason: 'too_large', source: '198.51.100.7', count: 5 },
      { hour: H, reason: 'unauthorised', source: '192.0.2.1', count: 2 },
      { hour: H, reason: 'invalid_signature', source: '192.0.2.1', count: 1 },
      { hour: H, reason: 'unauthorised', source: '192.0.2.2', count: 1 },
    ]);
    expect(view.totals).toEqual([
      { reason: 'too_large', count: 5 },
      { reason: 'unauthorised', count: 3 },
      { reason: 'invalid_signature', count: 1 },
    ]);
  });

  it('puts a refusal at the last millisecond of an hour in that hour and one at its end in the next', async () => {
    await noteRefusal({ reason: 'unauthorised', source: '192.0.2.1', at: H + HOUR - 1 });
    await noteRefusal({ reason: 'unauthorised', source: '192.0.2.1', at: H + HOUR });
    const { rows } = await refusalsByHour(H + HOUR);
    expect(rows.map((r) => [r.hour, r.count])).toEqual([
      [H + HOUR, 1],
      [H, 1],
    ]);
  });

  it('reads the hour holding now and the 23 before it, nothing older or newer', async () => {
    const now = H + 30 * 60_000;
    await noteRefusal({ reason: 'unauthorised', source: '192.0.2.1', at: H - 24 * HOUR + 1 });
    await noteRefusal({ reason: 'unauthorised', source: '192.0.2.2', at: H - 23 * HOUR });
    await noteRefusal({ reason: 'unauthorised', source: '192.0.2.3', at: H + HOUR });
    const { rows, totals } = await refusalsByHour(now);
    expect(rows.map((r) => r.source)).toEqual(['192.0.2.2']);
    expect(totals).toEqual([{ reason: 'unauthorised', count: 1 }]);
    expect((await refusalsByHour(now, 25)).rows.map((r) => r.source)).toEqual(['192.0.2.2', '192.0.2.1']);
  });

  it(`keeps ${SOURCES_PER_HOUR} sources per hour and reason, folding the rest into "other" and counting every request`, async () => {
    const source = (i: number) => `203.0.113.${i}`;
    for (let i = 0; i < SOURCES_PER_HOUR + 20; i++) await noteRefusal({ reason: 'unauthorised', source: source(i), at: H });
    // A source kept before the cap was reached still counts on its own row.
    await noteRefusal({ reason: 'unauthorised', source: source(0), at: H + 1 });
    // The cap is per reason and per hour.
    await noteRefusal({ reason: 'invalid_signature', source: source(99), at: H });
    await noteRefusal({ reason: 'unauthorised', source: source(99), at: H + HOUR });

    const { rows, totals } = await refusalsByHour(H + HOUR);
    const thatHour = rows.filter((r) => r.hour === H && r.reason === 'unauthorised');
    expect(thatHour).toHaveLength(SOURCES_PER_HOUR + 1);
    expect(thatHour.find((r) => r.source === OTHER_SOURCE)?.count).toBe(20);
    expect(thatHour.find((r) => r.source === source(0))?.count).toBe(2);
    expect(rows.find((r) => r.hour === H && r.reason === 'invalid_signature')?.source).toBe(source(99));
    expect(rows.find((r) => r.hour === H + HOUR)?.source).toBe(source(99));
    expect(totals.find((t) => t.reason === 'unauthorised')?.count).toBe(SOURCES_PER_HOUR + 22);
  });

  it('purges hours older than the retention and keeps the rest', async () => {
    const now = H + 10 * 60_000;
    const db = await getDb();
    await db.insert(schema.receiverRefusals).values([
      { hour: H - REFUSAL_RETENTION_MS - HOUR, reason: 'unauthorised', source: 'old', count: 3 },
      { hour: H - REFUSAL_RETENTION_MS, reason: 'unauthorised', source: 'edge', count: 1 },
      { hour: H - HOUR, reason: 'unauthorised', source: 'recent', count: 1 },
    ]);
    await purgeOldRefusals(now, true);
    const left = (await db.select({ source: schema.receiverRefusals.source }).from(schema.receiverRefusals)).map((r) => r.source);
    expect(left.sort()).toEqual(['edge', 'recent']);
  });

  it('purges from the writer, at most once an hour', async () => {
    const db = await getDb();
    // The start of an hour: both refusals below fall in it, whatever the time of day the test runs.
    const now = Math.floor(Date.now() / HOUR) * HOUR + 2 * HOUR;
    const ancient = Math.floor(now / HOUR) * HOUR - REFUSAL_RETENTION_MS - HOUR;
    await db.insert(schema.receiverRefusals).values({ hour: ancient, reason: 'unauthorised', source: 'old', count: 1 });
    await noteRefusal({ reason: 'unauthorised', source: '192.0.2.1', at: now });
    await db.insert(schema.receiverRefusals).values({ hour: ancient, reason: 'unauthorised', source: 'old-again', count: 1 });
    await noteRefusal({ reason: 'unauthorised', source: '192.0.2.1', at: now + 60_000 });
    const left = (await db.select({ source: schema.receiverRefusals.source }).from(schema.receiverRefusals)).map((r) => r.source);
    expect(left.sort()).toEqual(['192.0.2.1', 'old-again']);
  });
});
