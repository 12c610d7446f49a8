import fs from 'node:fs';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { E2E } from './e2e-env';

type DemoAccount = { webhook_secret: string; webhook_auth_token: string };
const demo = (): DemoAccount => JSON.parse(fs.readFileSync(path.join(E2E.dataDir, 'demo-account.json'), 'utf8')) as DemoAccount;

export type ConversationEvent = {
  id: string;
  type: string;
  created_at: string;
  robot_id: string;
  external_id?: string;
  conversation_id: string;
  data: object;
};

/**
 * Delivers events to the dashboard's real receiver as the service does (signed, with the auth
 * token), `concurrency` at a time. Node's own fetch: Playwright's request context relays each call
 * through its driver, which made the test runner, not the dashboard, the slow part of thousands.
 */
export async function deliverSigned(events: ConversationEvent[], concurrency = 16): Promise<void> {
  const { webhook_secret, webhook_auth_token } = demo();
  const signer = new Webhook(webhook_secret);
  let next = 0;
  const send = async (event: ConversationEvent) => {
    const id = `msg_${event.id}`;
    const body = JSON.stringify(event);
    const at = new Date();
    const res = await fetch(`${E2E.dashboardUrl}/api/webhooks/partner`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signer.sign(id, at, body),
        'x-webhook-token': webhook_auth_token,
      },
    });
    if (res.status !== 200) throw new Error(`the receiver answered ${res.status} to ${id}: ${await res.text()}`);
  };
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < events.length) {
        const event = events[next++];
        if (event) await send(event);
      }
    }),
  );
}
