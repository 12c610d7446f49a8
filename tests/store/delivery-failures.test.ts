import { createServer } from 'node:net';
import { setUpTestStore } from './use-test-store';
import { beforeAll, describe, expect, it } from 'vitest';

await setUpTestStore('delivery_failures');

// The browser's delivery poll, answered from real failures of the dashboard's own client: a spent
// call budget and an unreachable service each get a status that says what to do, not a 502.
const { budgetState, reserveCall } = await import('@/lib/connection/budget');
const { loadDelivery } = await import('@/lib/deliveries/deliveries');
const { failureResponse } = await import('@/app/_errors/failure-response');
const { toDisplayError } = await import('@/app/_errors/display-error');
const deliveryFailureResponse = (err: unknown) => failureResponse(err, toDisplayError(err));

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const failureOf = (work: Promise<{ ok: true } | { ok: false; error: unknown }>) =>
  work.then((loaded) => {
    if (loaded.ok) throw new Error('expected the read to fail');
    return loaded.error;
  });

type ErrorBody = { error: { title: string; message: string; code?: string; status?: number } };

beforeAll(async () => {
  process.env.PARTNER_API_URL = `http://127.0.0.1:${await closedPort()}`;
  process.env.PARTNER_API_KEY = 'pk_live_' + 'x'.repeat(40);
  await budgetState();
}, 60_000);

describe('GET /api/deliveries/{id} when the read fails', () => {
  it('answers 503 with its reason when the service cannot be reached', async () => {
    const answer = deliveryFailureResponse(await failureOf(loadDelivery('dlv_unreachable')));
    expect(answer.status).toBe(503);
    const body = (await answer.json()) as ErrorBody;
    expect(body.error).toMatchObject({ code: 'partner_api_unreachable', title: 'Could not reach the Partner API', status: 503 });
  });

  it('answers 429 with Retry-After and its reason when the dashboard’s call budget is spent', async () => {
    const { allowance, usedLastMinute } = await budgetState();
    for (let used = usedLastMinute; used < allowance; used++) await reserveCall('page');
    const answer = deliveryFailureResponse(await failureOf(loadDelivery('dlv_budget')));
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = (await answer.json()) as ErrorBody;
    expect(body.error).toMatchObject({ code: 'call_budget_spent', status: 429 });
    expect(body.error.message).toContain('that share is spent');
  });
});
