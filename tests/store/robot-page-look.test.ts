import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpTestStore } from './use-test-store';
import { setUpSandbox, type AccountCreated } from '../api/support';

// A page's look at the newest robots, against the sandbox over HTTP: every view of the robots page
// makes one, so past one page of robots it reads only the newest few, and still shows a robot
// added since the last look at once.

await setUpTestStore('robot_page_look');

const { lookAtNewest } = await import('@/lib/robots/robots');
const { directoryRobot, directorySize, directoryStatus } = await import('@/lib/robots/directory');
const { sweepDirectory, syncFetcher, PAGE_LOOK, SWEEP_PAGE } = await import('@/lib/robots/directory-sync');

const sandbox = setUpSandbox();
let account: AccountCreated;

// The limits the dashboard asked the list for, read off the requests it sent.
const listLimits: number[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  account = await sandbox.createAccount({ name: 'Large partner', rate_limit_per_minute: 100_000 });
  for (let i = 0; i < SWEEP_PAGE + 5; i++) await sandbox.createRobot(account.account_id, { name: `Large robot ${i}` });
  process.env.PARTNER_API_URL = sandbox.url;
  process.env.PARTNER_API_KEY = account.api_key;
  process.env.PARTNER_API_MODE = 'real';
  process.env.PARTNER_RATE_LIMIT_PER_MINUTE = '100000';
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin === sandbox.url && url.pathname === '/v1/robots') listLimits.push(Number(url.searchParams.get('limit')));
    return realFetch(input, init);
  };
}, 120_000);

afterAll(() => {
  globalThis.fetch = realFetch;
});

/** The sweep a look starts in the background, ended, so its reads are not counted as the next look's. */
async function sweepEnded(): Promise<void> {
  await expect.poll(async () => Boolean((await directoryStatus()).filling), { timeout: 30_000 }).toBe(false);
}

async function deleteThroughApi(robotId: string): Promise<void> {
  expect((await sandbox.api(account.api_key, `/v1/robots/${robotId}`, { method: 'DELETE' })).status).toBe(204);
}

describe('a page’s look at the newest robots', () => {
  it('reads the whole first page until it knows the account is larger, then the newest 20', async () => {
    listLimits.length = 0;
    await lookAtNewest();
    expect(listLimits[0]).toBe(SWEEP_PAGE);

    await sweepDirectory(syncFetcher());
    await sweepEnded();
    expect(await directorySize()).toBe(SWEEP_PAGE + 5);

    listLimits.length = 0;
    await lookAtNewest();
    expect(listLimits).toEqual([PAGE_LOOK]);
  });

  it('shows a robot added since the last look at once, with a look of 20', async () => {
    const added = await sandbox.createRobot(account.account_id, { name: 'Added after the sweep' });
    listLimits.length = 0;
    const { changed } = await lookAtNewest();
    expect(listLimits).toEqual([PAGE_LOOK]);
    expect(changed).toBe(true);
    expect((await directoryRobot(added.id ?? ''))?.name).toBe('Added after the sweep');
  });

  it('reads the whole page again once deletions bring the account down to one page', async () => {
    const page = await sandbox.api<{ data: { id: string }[] }>(account.api_key, `/v1/robots?limit=100&offset=0`);
    const beyondOnePage = (await directorySize()) - SWEEP_PAGE;
    for (const robot of page.body.data.slice(0, beyondOnePage)) await deleteThroughApi(robot.id);
    // The look sees the count moved and starts a sweep; once it ends the directory is the page.
    await lookAtNewest();
    await sweepDirectory(syncFetcher());
    await sweepEnded();
    expect(await directorySize()).toBe(SWEEP_PAGE);

    listLimits.length = 0;
    await lookAtNewest();
    expect(listLimits).toEqual([SWEEP_PAGE]);
  });
});
