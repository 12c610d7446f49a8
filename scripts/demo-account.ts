import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { controlFailure, unwrap, type ControlClient } from '../sandbox/control-client/client';
import type { NewRobot } from '../sandbox/control-client/types';

const demoFileSchema = z.object({
  account_id: z.string(),
  webhook_secret: z.string(),
  webhook_auth_token: z.string(),
  api_key: z.string().optional(),
});
export type DemoAccount = z.infer<typeof demoFileSchema> & { api_key: string };

const DEMO_ROBOTS: NewRobot[] = [
  {
    name: 'Acme Support',
    external_id: 'cust-acme',
    model: 'enhanced',
    channels: [
      { type: 'messenger_bot', is_active: true, username: 'acme_support_bot' },
      { type: 'widget', is_active: true },
    ],
  },
  {
    name: 'Bloom Florists',
    external_id: 'cust-bloom',
    model: 'standard',
    channels: [{ type: 'social_dm', is_active: true, username: 'bloom.florists' }],
  },
  { name: 'Cobalt Bikes', external_id: 'cust-cobalt', model: 'standard', channels: [{ type: 'chat_vendor_a', is_active: false }] },
  {
    name: 'Delta Dental',
    external_id: 'cust-delta',
    model: 'enhanced',
    channels: [
      { type: 'widget', is_active: true },
      { type: 'chat_app', is_active: false },
    ],
  },
  { name: 'Evergreen Realty', external_id: 'cust-evergreen', model: 'standard', channels: [] },
  {
    name: 'Fjord Travel',
    external_id: 'cust-fjord',
    model: 'standard',
    channels: [{ type: 'messenger_bot', is_active: false, username: 'fjord_travel_bot' }],
  },
  { name: 'Granite Gym', external_id: 'cust-granite', model: 'enhanced', channels: [{ type: 'chat_vendor_b', is_active: true }] },
  {
    name: 'Harbor Café',
    external_id: 'cust-harbor',
    model: 'standard',
    channels: [
      { type: 'social_dm', is_active: false, username: 'harbor.cafe' },
      { type: 'widget', is_active: true },
    ],
  },
  { name: 'Iris Optics', external_id: 'cust-iris', model: 'standard', channels: [{ type: 'chat_vendor_c', is_active: true }] },
  {
    name: 'Juniper Pets',
    external_id: 'cust-juniper',
    model: 'enhanced',
    channels: [{ type: 'messenger_bot', is_active: true, username: 'juniper_pets_bot' }],
  },
  { name: 'Kestrel Legal', external_id: 'cust-kestrel', model: 'standard', channels: [{ type: 'widget', is_active: false }] },
  { name: 'Lumen Energy', external_id: 'cust-lumen', model: 'standard', channels: [{ type: 'chat_app', is_active: true }] },
  {
    name: 'Maple Bakery',
    external_id: 'cust-maple',
    model: 'standard',
    channels: [{ type: 'social_dm', is_active: true, username: 'maple.bakery' }],
  },
  {
    name: 'Nimbus Cloud Hosting',
    external_id: 'cust-nimbus',
    model: 'enhanced',
    channels: [
      { type: 'messenger_bot', is_active: true, username: 'nimbus_help_bot' },
      { type: 'widget', is_active: true },
    ],
  },
];

async function keyWorks(sandboxUrl: string, apiKey: string): Promise<boolean> {
  const res = await fetch(`${sandboxUrl}/v1/robots?limit=1`, { headers: { authorization: `Bearer ${apiKey}` } });
  await res.body?.cancel();
  return res.ok;
}

/**
 * The demo partner lives in the sandbox. Its key is shown once, so it is kept beside the demo
 * account's webhook secret (in the data directory, mode 600) and used again while it works: a demo
 * key saved on the Settings page stays valid across restarts. Rotated only when it stopped working.
 */
export async function ensureDemoAccount(
  control: ControlClient,
  sandboxUrl: string,
  dataDir: string,
  dashboardPort: number,
): Promise<DemoAccount> {
  const file = path.join(dataDir, 'demo-account.json');
  if (fs.existsSync(file)) {
    const known = demoFileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (known.success) {
      if (known.data.api_key && (await keyWorks(sandboxUrl, known.data.api_key))) return { ...known.data, api_key: known.data.api_key };
      const rotated = await control.rotateKey(known.data.account_id);
      if (rotated.ok) {
        fs.writeFileSync(file, JSON.stringify({ ...known.data, api_key: rotated.body.api_key }, null, 2), { mode: 0o600 });
        return { ...known.data, api_key: rotated.body.api_key };
      }
      // 404: the sandbox's data was reset while this file was kept, so the account is made again.
      if (rotated.status !== 404) throw controlFailure('Could not rotate the demo key', rotated.error);
    }
  }
  const webhookAuthToken = randomBytes(18).toString('base64url');
  const created = await control.createAccount({
    name: 'Demo Partner',
    tier: 'professional',
    capacity: 20,
    roles: ['robot_creation', 'social_dm'],
    return_url: `http://localhost:${dashboardPort}/channels/return`,
    webhook: { url: `http://127.0.0.1:${dashboardPort}/api/webhooks/partner`, auth_token: webhookAuthToken },
  });
  const account = unwrap(created, 'Could not create the demo account');
  for (const robot of DEMO_ROBOTS)
    unwrap(await control.createRobot(account.account_id, robot), `Could not create demo robot ${robot.name}`);
  // A deterministic 90-day history, so usage charts have something to show on first start.
  unwrap(await control.simulateHistory(account.account_id, { days: 90, seed: 20260914 }), 'Could not seed the demo history');
  const kept = {
    account_id: account.account_id,
    webhook_secret: account.webhook_secret,
    webhook_auth_token: webhookAuthToken,
    api_key: account.api_key,
  };
  fs.writeFileSync(file, JSON.stringify(kept, null, 2), { mode: 0o600 });
  return kept;
}

/** Keeps demo conversations going while the dashboard runs (events, usage), unless switched off. */
export async function setDemoSimulator(control: ControlClient, accountId: string, enabled: boolean): Promise<void> {
  unwrap(
    await control.setSimulator({ account_id: accountId, enabled, interval_seconds: 15 }),
    `Could not ${enabled ? 'start' : 'stop'} the traffic simulator`,
  );
}
