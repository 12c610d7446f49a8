import 'server-only';
import { readSetting } from '@/lib/db/settings';
import { getEnv } from '@/lib/config/env';
import { decryptSecret } from '@/lib/connection/secret-box';

/** Where the Settings page keeps its key (encrypted); written by lib/settings/saved-key.ts. */
export const SAVED_KEY_SETTING = 'partner_api_key';

export type KeySource = 'saved' | 'environment' | 'none' | 'unreadable';

export type PartnerConnection = {
  mode: 'sandbox' | 'real';
  baseUrl: string | null;
  apiKey: string | null;
  keySource: KeySource;
};

/** The key saved on the Settings page wins over the environment's, so staff can replace it live. */
export async function getPartnerConnection(): Promise<PartnerConnection> {
  const env = getEnv();
  const saved = await readSetting(SAVED_KEY_SETTING);
  const savedKey = saved ? decryptSecret(saved) : null;
  // A saved key that cannot be read (AUTH_SECRET changed, or the row was altered) must not quietly
  // hand the dashboard back to another key: nothing is called until someone saves or removes it.
  if (saved && !savedKey)
    return { mode: env.PARTNER_API_MODE, baseUrl: env.PARTNER_API_URL ?? null, apiKey: null, keySource: 'unreadable' };
  return {
    mode: env.PARTNER_API_MODE,
    baseUrl: env.PARTNER_API_URL ?? null,
    apiKey: savedKey ?? env.PARTNER_API_KEY ?? null,
    keySource: savedKey ? 'saved' : env.PARTNER_API_KEY ? 'environment' : 'none',
  };
}
