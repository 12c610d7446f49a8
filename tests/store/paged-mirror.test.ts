import { setUpTestStore } from './use-test-store';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

await setUpTestStore('paged_mirror');

const { fillMirror, noteLook } = await import('@/lib/sync/mirror');
const { fillUnderWay, isComplete, mirrorStatus } = await import('@/lib/sync/status');
const { reserveCall } = await import('@/lib/connection/budget');
const { getDb, schema } = await import('@/lib/db');

type Item = { id: string };
type List = { data: Item[]; pagination: { offset: number; total_count: number; has_more: boolean } };
type Purpose = 'page' | 'change' | 'sync' | 'export';

// Opening the store runs its migrations: slow on a busy machine, and no test's own time.
beforeAll(() => getDb(), 120_000);

beforeEach(async () => {
  await (await getDb()).delete(schema.apiCalls);
});

/** A list of `size` items; each read may be held until the test lets it go. */
function list(size: number) {
  const reads: { offset: number; purpose: Purpose }[] = [];
  let gate: Promise<void> | undefined;
  let open: (() => void) | undefined;
  return {
    reads,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      open?.();
      gate = undefined;
    },
    read: async ({ limit, offset }: { limit: number; offset: number }, purpose: Purpose): Promise<List> => {
      reads.push({ offset, purpose });
      // Every read is counted against the budget under the purpose it was given, as the client does.
      await reserveCall(purpose);
      if (offset > 0 && gate) await gate;
      const data = Array.from({ length: Math.max(0, Math.min(limit, size - offset)) }, (_, i) => ({ id: `i${offset + i}` }));
      return { data, pagination: { offset, total_count: size, has_more: offset + data.length < size } };
    },
  };
}

/** A store target kept in memory: pages go to staging, and only a finished fill reaches `live`. */
function memoryTarget() {
  const state = { staging: [] as Item[], live: [] as Item[], discarded: 0 };
  return {
    state,
    target: {
      async begin() {
        state.staging = [];
      },
      async write(page: { items: Item[] }) {
        state.staging.push(...page.items);
      },
      async finish() {
        state.live = state.staging;
        return { done: true as const, verified: true };
      },
      async discard() {
        state.discarded += 1;
      },
    },
  };
}

const until = async (check: () => Promise<boolean> | boolean) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
};

describe('the paged mirror', () => {
  it('reports pages and items read against the total while filling, and swaps in only when complete', async () => {
    const source = list(250);
    const { state, target } = memoryTarget();
    state.live = [{ id: 'old' }];
    source.hold();
    const fill = fillMirror<List>({ key: 'progress', pageSize: 100, read: source.read, target });
    await until(async () => (await mirrorStatus('progress')).fill?.pagesRead === 1);
    const during = await mirrorStatus('progress');
    expect(fillUnderWay(during)).toMatchObject({ pass: 1, pagesRead: 1, itemsRead: 100, totalCount: 250 });
    expect(during.completedAt).toBeNull();
    expect(isComplete(during)).toBe(false);
    expect(state.live).toEqual([{ id: 'old' }]);

    source.release();
    const outcome = await fill;
    expect(outcome).toMatchObject({ pagesRead: 3, itemsRead: 250, totalCount: 250, verified: true, calls: 3, kept: 250 });
    expect(state.live).toHaveLength(250);
    const after = await mirrorStatus('progress');
    expect(after.fill).toBeNull();
    expect(after.totalCount).toBe(250);
    expect(after.completedAt).not.toBeNull();
    expect(isComplete(after)).toBe(true);
  });

  it('runs one fill per key: a second caller joins the fill under way; another key runs on its own', async () => {
    const source = list(300);
    const other = list(50);
    source.hold();
    const first = fillMirror<List>({ key: 'shared', pageSize: 100, read: source.read, target: memoryTarget().target });
    const second = fillMirror<List>({ key: 'shared', pageSize: 100, read: source.read, target: memoryTarget().target });
    const elsewhere = await fillMirror<List>({ key: 'elsewhere', pageSize: 100, read: other.read, target: memoryTarget().target });
    source.release();
    const [a, b] = await Promise.all([first, second]);
    expect(b).toBe(a);
    expect(source.reads.map((r) => r.offset)).toEqual([0, 100, 200]);
    expect(elsewhere.itemsRead).toBe(50);
    // Once it has ended, the key is free again.
    await fillMirror<List>({ key: 'shared', pageSize: 100, read: source.read, target: memoryTarget().target });
    expect(source.reads).toHaveLength(6);
  });

  it('reads as background work (`sync`) unless told otherwise, and every read goes through the call budget', async () => {
    const source = list(250);
    await fillMirror<List>({ key: 'purpose', pageSize: 100, read: source.read, target: memoryTarget().target });
    expect(source.reads.map((r) => r.purpose)).toEqual(['sync', 'sync', 'sync']);
    const counted = await (await getDb()).select({ purpose: schema.apiCalls.purpose }).from(schema.apiCalls);
    expect(counted.map((c) => c.purpose)).toEqual(['sync', 'sync', 'sync']);

    // A view waiting on the first page pays for it; the rest of a large list stays background work.
    const viewed = list(250);
    await fillMirror<List>({
      key: 'purpose-view',
      pageSize: 100,
      read: viewed.read,
      purposeOf: (readIndex) => (readIndex === 0 ? 'page' : 'sync'),
      target: memoryTarget().target,
    });
    expect(viewed.reads.map((r) => r.purpose)).toEqual(['page', 'sync', 'sync']);
  });

  it('waits for a budget slot when the background share is spent, instead of failing', async () => {
    // Sync may use half of the share (45 of 90): the minute is full of calls that leave within a second.
    await (
      await getDb()
    )
      .insert(schema.apiCalls)
      .values(Array.from({ length: 45 }, () => ({ at: Date.now() - 59_000, purpose: 'page' as const })));
    const source = list(50);
    const started = Date.now();
    const outcome = await fillMirror<List>({ key: 'waits', pageSize: 100, read: source.read, target: memoryTarget().target });
    expect(outcome.itemsRead).toBe(50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(source.reads.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps what was swapped in when a fill fails, and says why', async () => {
    const good = memoryTarget();
    await fillMirror<List>({ key: 'fails', pageSize: 100, read: list(100).read, target: good.target });
    const completedAt = (await mirrorStatus('fails')).completedAt;
    const broken = async ({ offset }: { limit: number; offset: number }): Promise<List> => {
      if (offset > 0) throw new Error('the service went away');
      return { data: [{ id: 'x' }], pagination: { offset, total_count: 300, has_more: true } };
    };
    const failing = memoryTarget();
    await expect(fillMirror<List>({ key: 'fails', pageSize: 100, read: broken, target: failing.target })).rejects.toThrow('went away');
    expect(failing.state.discarded).toBe(1);
    expect(failing.state.live).toEqual([]);
    const status = await mirrorStatus('fails');
    expect(status.completedAt).toBe(completedAt);
    expect(status.fill).toBeNull();
    expect(status.lastError?.message).toBe('the service went away');
  });

  it('runs another pass when the target asks, starting from the head it read again', async () => {
    const source = list(150);
    let passes = 0;
    const outcome = await fillMirror<List>({
      key: 'again',
      pageSize: 100,
      read: source.read,
      target: {
        async write() {},
        async finish(_pass, read) {
          passes += 1;
          const head = await read({ limit: 100, offset: 0 });
          return passes < 2 ? { again: true as const, first: head } : { done: true as const, verified: true };
        },
      },
    });
    expect(outcome.pass).toBe(2);
    // Pass 1: 0, 100, then the head; pass 2 starts from that head: 100, then the head.
    expect(source.reads.map((r) => r.offset)).toEqual([0, 100, 0, 100, 0]);
    expect(outcome.calls).toBe(5);
  });

  it('is not complete once a look finds the list differs from it, until a fill ends', async () => {
    await fillMirror<List>({ key: 'looked', pageSize: 100, read: list(10).read, target: memoryTarget().target });
    expect(isComplete(await mirrorStatus('looked'))).toBe(true);
    await noteLook('looked', { totalCount: 11, stale: true });
    expect(isComplete(await mirrorStatus('looked'))).toBe(false);
    await fillMirror<List>({ key: 'looked', pageSize: 100, read: list(11).read, target: memoryTarget().target });
    const status = await mirrorStatus('looked');
    expect(isComplete(status)).toBe(true);
    expect(status.totalCount).toBe(11);
  });
});
