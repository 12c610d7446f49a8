import fc from 'fast-check';
import { setUpTestStore } from './use-test-store';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPartnerClient } from '@/lib/partner/client';
import type { RobotList } from '@/lib/partner/schemas';
import { directoryRobot, directorySize, directoryStatus, replaceDirectory, upsertRobots } from '@/lib/robots/directory';
import { searchDirectory } from '@/lib/robots/directory-query';
import { sweepDirectory, type FetchRobotsPage } from '@/lib/robots/directory-sync';
import { setUpSandbox, type AccountCreated } from '../api/support';

await setUpTestStore('directory');

const sandbox = setUpSandbox();
const PAGE = 10;
let account: AccountCreated;

beforeAll(async () => {
  account = await sandbox.createAccount({ name: 'Directory partner', rate_limit_per_minute: 100_000 });
  for (let i = 0; i < 45; i++) await sandbox.createRobot(account.account_id, { name: `Seed robot ${i}`, external_id: `cust-${i}` });
});

async function apiRobotIds(): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await sandbox.api<RobotList>(account.api_key, `/v1/robots?limit=100&offset=${offset}`);
    const batch = page.body.data ?? [];
    ids.push(...batch.flatMap((r) => (r.id ? [r.id] : [])));
    if (batch.length < 100) return ids;
  }
}

async function directoryIds(): Promise<string[]> {
  return (await searchDirectory({ q: '', sort: 'newest' }, 1, 100_000)).robots.map((r) => r.id);
}

type Change = { atFetch: number; kind: 'add' | 'delete'; pick: number };

describe('robot directory sweep', () => {
  it('ends with exactly the account’s robots while robots are added and deleted under it', async () => {
    const client = createPartnerClient({ baseUrl: sandbox.url, apiKey: account.api_key, retryBaseDelayMs: 1 });
    let added = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            atFetch: fc.integer({ min: 0, max: 12 }),
            kind: fc.constantFrom<'add' | 'delete'>('add', 'delete'),
            pick: fc.nat(1000),
          }),
          { maxLength: 6 },
        ),
        async (changes: Change[]) => {
          let fetches = 0;
          // Changes land between page reads, as another tab or the partner's integration would make them.
          const fetchPage: FetchRobotsPage = async (limit, offset) => {
            for (const change of changes.filter((c) => c.atFetch === fetches)) {
              if (change.kind === 'add') {
                added += 1;
                await sandbox.createRobot(account.account_id, { name: `Added robot ${added}`, external_id: `added-${added}` });
              } else {
                const ids = await apiRobotIds();
                const victim = ids[change.pick % ids.length];
                if (victim && ids.length > 20) await sandbox.api(account.api_key, `/v1/robots/${victim}`, { method: 'DELETE' });
              }
            }
            fetches += 1;
            return (await client.listRobots({ limit, offset })).data;
          };
          const result = await sweepDirectory(fetchPage, 50, PAGE);
          expect(result.exact).toBe(true);
          const expected = await apiRobotIds();
          expect((await directoryIds()).sort()).toEqual([...expected].sort());
          expect(await directorySize()).toBe(expected.length);
          expect((await directoryStatus()).totalCount).toBe(expected.length);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('finds a robot by name, customer id or id, newest first or by name', async () => {
    for (const [name, external] of [
      ['Zeta Bravo', 'zeta-b'],
      ['Zeta Alpha', 'zeta-a'],
      ['Zeta Charlie', 'findme-1042'],
    ]) {
      await sandbox.createRobot(account.account_id, { name, external_id: external });
    }
    const client = createPartnerClient({ baseUrl: sandbox.url, apiKey: account.api_key });
    await sweepDirectory(async (limit, offset) => (await client.listRobots({ limit, offset })).data, 5, 100);
    const byCustomer = await searchDirectory({ q: 'FINDME-1042', sort: 'newest' }, 1, 10);
    expect(byCustomer.robots.map((r) => r.name)).toEqual(['Zeta Charlie']);
    expect((await searchDirectory({ q: 'zeta', sort: 'name' }, 1, 10)).robots.map((r) => r.name)).toEqual([
      'Zeta Alpha',
      'Zeta Bravo',
      'Zeta Charlie',
    ]);
    expect((await searchDirectory({ q: 'zeta', sort: 'newest' }, 1, 10)).robots.map((r) => r.name)).toEqual([
      'Zeta Charlie',
      'Zeta Alpha',
      'Zeta Bravo',
    ]);
    const one = byCustomer.robots[0];
    expect((await searchDirectory({ q: one?.id ?? '', sort: 'newest' }, 1, 10)).robots).toHaveLength(1);
    expect((await searchDirectory({ q: '%', sort: 'newest' }, 1, 10)).total).toBe(0);
    expect((await searchDirectory({ q: '', sort: 'newest', state: 'none' }, 1, 5)).total).toBe(await directorySize());
    // Every page counts every match: the last page, and a page past it, which has no robot to show.
    expect(await searchDirectory({ q: 'zeta', sort: 'name' }, 2, 2)).toMatchObject({ total: 3, robots: [{ name: 'Zeta Charlie' }] });
    expect(await searchDirectory({ q: 'zeta', sort: 'name' }, 3, 2)).toEqual({ total: 3, robots: [] });
  });

  it('keeps what a page of the list says about a robot it already knows', async () => {
    await upsertRobots([{ id: 'rb_local', name: 'Local', channels: [{ id: 'ch_1', type: 'widget', is_active: true }] }], 0);
    expect((await searchDirectory({ q: 'local', sort: 'newest', type: 'widget', state: 'active' }, 1, 5)).robots.map((r) => r.id)).toEqual([
      'rb_local',
    ]);
    expect((await searchDirectory({ q: 'local', sort: 'newest', type: 'widget', state: 'inactive' }, 1, 5)).total).toBe(0);
  });

  it('writes a robot read again only when it changed, and a robot’s own page always', async () => {
    const robot = { id: 'rb_reread', name: 'Reread', channels: [{ id: 'ch_r', type: 'widget' as const, is_active: true }] };
    await upsertRobots([robot], 0, { readAt: '2026-01-01T00:00:00.000Z' });
    await upsertRobots([robot], 0, { readAt: '2026-01-02T00:00:00.000Z' });
    expect((await directoryRobot('rb_reread'))?.readAt).toBe('2026-01-01T00:00:00.000Z');

    // Disabled elsewhere and renamed: the next look at the list shows both.
    await upsertRobots([{ ...robot, name: 'Reread renamed', channels: [{ id: 'ch_r', type: 'widget', is_active: false }] }], 0, {
      readAt: '2026-01-03T00:00:00.000Z',
    });
    const changed = await directoryRobot('rb_reread');
    expect(changed?.name).toBe('Reread renamed');
    expect(changed?.readAt).toBe('2026-01-03T00:00:00.000Z');
    expect((await searchDirectory({ q: 'reread', sort: 'newest', type: 'widget', state: 'inactive' }, 1, 5)).total).toBe(1);
    expect((await searchDirectory({ q: 'reread', sort: 'newest', type: 'widget', state: 'active' }, 1, 5)).total).toBe(0);

    await upsertRobots([{ ...robot, name: 'Reread renamed', channels: [{ id: 'ch_r', type: 'widget', is_active: false }] }], 0, {
      readAt: '2026-01-04T00:00:00.000Z',
      refreshAll: true,
    });
    expect((await directoryRobot('rb_reread'))?.readAt).toBe('2026-01-04T00:00:00.000Z');
  });
});

describe('an account of one page, replaced on every look', () => {
  it('writes nothing when the page is as the directory holds it, and drops a robot gone from it', async () => {
    const page = [
      { id: 'rb_small_a', name: 'Small A', channels: [] },
      { id: 'rb_small_b', name: 'Small B', channels: [{ id: 'ch_small', type: 'widget' as const, is_active: true }] },
    ];
    await replaceDirectory(page, '2026-02-01T00:00:00.000Z');
    await replaceDirectory(page, '2026-02-02T00:00:00.000Z');
    expect(await directorySize()).toBe(2);
    expect((await directoryRobot('rb_small_b'))?.readAt).toBe('2026-02-01T00:00:00.000Z');

    // One robot fewer: it is dropped.
    await replaceDirectory(
      page.slice(1).map((r) => r),
      '2026-02-03T00:00:00.000Z',
    );
    expect(await directoryRobot('rb_small_a')).toBeUndefined();
    expect(await directorySize()).toBe(1);
  });
});
