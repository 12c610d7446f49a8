import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { getDb } from '@/lib/db';
import { deleteSetting, readSetting, writeSetting } from '@/lib/db/settings';
import { getEnv } from '@/lib/config/env';
import { decryptSecret, encryptSecret } from '@/lib/connection/secret-box';

const SAVED_KEY_SETTING = 'partner_api_key';

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

/** Saves the key and its audit entry in one transaction. */
export async function saveApiKey(apiKey: string, audit: { actor: string; requestId: string | null }): Promise<void> {
  await (
    await getDb()
  ).transaction(async (tx) => {
    await writeSetting(SAVED_KEY_SETTING, encryptSecret(apiKey), tx);
    await recordAudit(
      { ...audit, action: 'settings.api_key_save', target: 'settings:api_key', outcome: 'ok', detail: keyHint(apiKey) },
      tx,
    );
  });
}

export async function forgetSavedApiKey(audit: { actor: string }): Promise<void> {
  await (
    await getDb()
  ).transaction(async (tx) => {
    await deleteSetting(SAVED_KEY_SETTING, tx);
    await recordAudit({ ...audit, action: 'settings.api_key_remove', target: 'settings:api_key', outcome: 'ok' }, tx);
  });
}

/** The key's last four characters, the most the log shows of it. */
const keyHint = (apiKey: string) => `…${apiKey.slice(-4)}`;
