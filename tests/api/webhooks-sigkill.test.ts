import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createControlClient } from '../../sandbox/control-client/client';
import { startSandboxChild } from './sandbox-child';
import { ADMIN_TOKEN, expectAnswer } from './support';
import { Receiver, waitFor, type Delivery, type DeliveryList } from './webhooks-support';

// A sandbox killed with SIGKILL (no shutdown hook runs) in the middle of a burst of deliveries:
// every event the API acknowledged with 202 is still delivered once a new process opens the same
// data directory, and each one reaches the endpoint under its own webhook-id.

const BURST = 120;
const receiver = new Receiver();
const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-sigkill-'));
const children: ReturnType<typeof startSandboxChild>[] = [];

beforeAll(() => receiver.listen());
afterAll(async () => {
  for (const child of children) await child.stop();
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
});

async function listAll(url: string, key: string): Promise<Delivery[]> {
  const all: Delivery[] = [];
  for (let offset = 0; ; offset += 100) {
    const response = await fetch(`${url}/v1/webhooks/deliveries?limit=100&offset=${offset}`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
    const page = (await response.json()) as DeliveryList;
    all.push(...page.data);
    if (!page.pagination.has_more) return all;
  }
}

describe('SIGKILL of the sandbox mid-burst of deliveries', () => {
  it('loses no acknowledged delivery', { timeout: 90_000 }, async () => {
    // Slow enough that the burst is still going out when the process dies: with 8 sends in flight per
    // account, 200 ms each lets out 40 a second, far fewer than the API acknowledges even on a loaded
    // machine (at 25 ms the dispatcher could keep up with slow acknowledgements and leave none behind).
    receiver.respond(() => ({ status: 200, body: 'ok', delayMs: 200 }));
    const first = startSandboxChild(dir);
    children.push(first);
    const firstUrl = await first.url;
    const account = expectAnswer(
      await createControlClient(fetch, firstUrl, ADMIN_TOKEN).createAccount({
        name: 'Killed',
        webhook: { url: receiver.url, auth_token: 't' },
      }),
      201,
    );

    const acknowledged: string[] = [];
    let refusedByTheDeath = 0;
    const sendOne = async () => {
      try {
        const response = await fetch(`${firstUrl}/v1/webhooks/test`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${account.api_key}` },
        });
        if (response.status === 202) acknowledged.push(((await response.json()) as { delivery_id: string }).delivery_id);
      } catch {
        refusedByTheDeath += 1;
      }
    };
    const burst = (async () => {
      for (let sent = 0; sent < BURST; sent += 6) await Promise.all(Array.from({ length: 6 }, sendOne));
    })();
    await waitFor(() => (receiver.requests.length >= 10 ? true : undefined), 'the first deliveries', 20_000);
    first.process.kill('SIGKILL');
    await burst;
    const reachedBeforeKill = receiver.requests.length;
    expect(acknowledged.length, 'events acknowledged before the kill').toBeGreaterThan(10);
    expect(reachedBeforeKill, 'the kill came mid-burst').toBeLessThan(acknowledged.length);

    const second = startSandboxChild(dir);
    children.push(second);
    const secondUrl = await second.url;
    const deliveries = await waitFor(
      async () => {
        const all = await listAll(secondUrl, account.api_key);
        return all.filter((d) => acknowledged.includes(d.delivery_id)).every((d) => d.status === 'succeeded') ? all : undefined;
      },
      'every acknowledged delivery to succeed',
      60_000,
    );
    const byId = new Map(deliveries.map((d) => [d.delivery_id, d]));
    const reachedIds = new Set(receiver.requests.map((r) => r.headers['webhook-id']));
    for (const id of acknowledged) {
      const delivery = byId.get(id);
      expect(delivery, `delivery ${id} survived`).toBeDefined();
      expect(delivery?.status).toBe('succeeded');
      expect(reachedIds.has(delivery?.event_id), `event of ${id} reached the endpoint`).toBe(true);
    }
    console.info(
      `SIGKILL mid-burst: ${acknowledged.length} acknowledged, ${refusedByTheDeath} refused by the dead process, ${reachedBeforeKill} requests before the kill, ${receiver.requests.length} in all; none lost`,
    );
  });
});
