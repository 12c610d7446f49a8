import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

type ControlApi = { baseUrl: string; adminToken: string };

async function control<T>(api: ControlApi, method: string, pathname: string, body: unknown, schema: z.ZodType<T>): Promise<{ status: number; data: T | null }> {
  const res = await fetch(`${api.baseUrl}/sandbox/api${pathname}`, {
    method,
    headers: { authorization: `Bearer ${api.adminToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) return { status: res.status, data: null };
  return { status: res.status, data: schema.parse(text ? JSON.parse(text) : {}) };
}

const demoFileSchema = z.object({ account_id: z.string(), webhook_secret: z.string(), webhook_auth_token: z.string() });
export type DemoAccount = z.infer<typeof demoFileSchema> & { api_key: string };

const DEMO_ROBOTS: { name: string; external_id: string; model: 'standard' | 'enhanced'; channels: { type: string; is_active: boolean; username?: string }[] }[] = [
  { name: 'Acme Support', external_id: 'cust-acme', model: 'enhanced', channels: [{ type: 'messenger_bot', is_active: true, username: 'acme_support_bot' }, { type: 'widget', is_active: true }] },
  { name: 'Bloom Florists', external_id: 'cust-bloom', model: 'standard', channels: [{ type: 'social_dm', is_active: true, username: 'bloom.florists' }] },
  { name: 'Cobalt Bikes', external_id: 'cust-cobalt', model: 'standard', channels: [{ type: 'chat_vendor_a', is_active: false }] },
  { name: 'Delta Dental', external_id: 'cust-delta', model: 'enhanced', channels: [{ type: 'widget', is_active: true }, { type: 'chat_app', is_active: false }] },
  { name: 'Evergreen Realty', external_id: 'cust-evergreen', model: 'standard', channels: [] },
  { name: 'Fjord Travel', external_id: 'cust-fjord', model: 'standard', channels: [{ type: 'messenger_bot', is_active: false, username: 'fjord_travel_bot' }] },
  { name: 'Granite Gym', external_id: 'cust-granite', model: 'enhanced', channels: [{ type: 'chat_vendor_b', is_active: true }] },
  { name: 'Harbor Café', external_id: 'cust-harbor', model: 'standard', channels: [{ type: 'social_dm', is_active: false, username: 'harbor.cafe' }, { type: 'widget', is_active: true }] },
  { name: 'Iris Optics', external_id: 'cust-iris', model: 'standard', channels: [{ type: 'chat_vendor_c', is_active: true }] },
  { name: 'Juniper Pets', external_id: 'cust-juniper', model: 'enhanced', channels: [{ type: 'messenger_bot', is_active: true, username: 'juniper_pets_bot' }] },
  { name: 'Kestrel Legal', external_id: 'cust-kestrel', model: 'standard', channels: [{ type: 'widget', is_active: false }] },
  { name: 'Lumen Energy', external_id: 'cust-lumen', model: 'standard', channels: [{ type: 'chat_app', is_active: true }] },
  { name: 'Maple Bakery', external_id: 'cust-maple', model: 'standard', channels: [{ type: 'social_dm', is_active: true, username: 'maple.bakery' }] },
  { name: 'Nimbus Cloud Hosting', external_id: 'cust-nimbus', model: 'enhanced', channels: [{ type: 'messenger_bot', is_active: true, username: 'nimbus_help_bot' }, { type: 'widget', is_active: true }] },
];

const accountCreatedSchema = z.object({ account_id: z.string(), api_key: z.string(), webhook_secret: z.string() });
const rotatedSchema = z.object({ api_key: z.string() });

/**
 * The demo partner lives in the sandbox. Its key is shown once, so on every later start we rotate
 * it and hand the fresh key to the dashboard's process: no key is written to disk by the launcher.
 */
export async function ensureDemoAccount(api: ControlApi, dataDir: string, dashboardPort: number): Promise<DemoAccount> {
  const file = path.join(dataDir, 'demo-account.json');
  if (fs.existsSync(file)) {
    const known = demoFileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (known.success) {
      const rotated = await control(api, 'POST', `/accounts/${encodeURIComponent(known.data.account_id)}/keys/rotate`, undefined, rotatedSchema);
      if (rotated.data) return { ...known.data, api_key: rotated.data.api_key };
      if (rotated.status !== 404) throw new Error(`Could not rotate the demo key (sandbox answered ${rotated.status})`);
    }
  }
  const webhookAuthToken = randomBytes(18).toString('base64url');
  const created = await control(
    api,
    'POST',
    '/accounts',
    {
      name: 'Demo Partner',
      tier: 'professional',
      capacity: 20,
      roles: ['robot_creation', 'social_dm'],
      return_url: `http://localhost:${dashboardPort}/channels/return`,
      webhook: { url: `http://127.0.0.1:${dashboardPort}/api/webhooks/partner`, auth_token: webhookAuthToken },
    },
    accountCreatedSchema,
  );
  if (!created.data) throw new Error(`Could not create the demo account (sandbox answered ${created.status})`);
  const account = created.data;
  for (const robot of DEMO_ROBOTS) {
    const made = await control(api, 'POST', `/accounts/${encodeURIComponent(account.account_id)}/robots`, robot, z.unknown());
    if (made.status !== 201) throw new Error(`Could not create demo robot ${robot.name} (sandbox answered ${made.status})`);
  }
  // A deterministic 90-day history, so usage charts have something to show on first start.
  const history = await control(api, 'POST', `/accounts/${encodeURIComponent(account.account_id)}/simulate-history`, { days: 90, seed: 20260914 }, z.unknown());
  if (history.status !== 201) throw new Error(`Could not seed the demo history (sandbox answered ${history.status})`);
  const kept = { account_id: account.account_id, webhook_secret: account.webhook_secret, webhook_auth_token: webhookAuthToken };
  fs.writeFileSync(file, JSON.stringify(kept, null, 2), { mode: 0o600 });
  return { ...kept, api_key: account.api_key };
}

/** Keeps demo conversations going while the dashboard runs (events, usage), unless switched off. */
export async function setDemoSimulator(api: ControlApi, accountId: string, enabled: boolean): Promise<void> {
  const res = await control(api, 'POST', '/simulator', { account_id: accountId, enabled, interval_seconds: 15 }, z.unknown());
  if (res.status !== 200) throw new Error(`Could not ${enabled ? 'start' : 'stop'} the traffic simulator (sandbox answered ${res.status})`);
}
