import 'server-only';
import { deleteSetting, readSetting, writeSetting } from '@/lib/db/settings';
import { getEnv } from '@/lib/config/env';
import { decryptSecret, encryptSecret } from '@/lib/connection/secret-box';

const SAVED_KEY_SETTING = 'partner_api_key';

export type KeySource = 'saved' | 'environment' | 'none';

export type PartnerConnection = {
  mode: 'sandbox' | 'real';
  baseUrl: string | null;
  apiKey: string | null;
  keySource: KeySource;
};

/** The key saved on the Settings page wins over the environment's, so staff can replace it live. */
export function getPartnerConnection(): PartnerConnection {
  const env = getEnv();
  const saved = readSetting(SAVED_KEY_SETTING);
  const savedKey = saved ? decryptSecret(saved) : null;
  const apiKey = savedKey ?? env.PARTNER_API_KEY ?? null;
  return {
    mode: env.PARTNER_API_MODE,
    baseUrl: env.PARTNER_API_URL ?? null,
    apiKey,
    keySource: savedKey ? 'saved' : env.PARTNER_API_KEY ? 'environment' : 'none',
  };
}

export function saveApiKey(apiKey: string): void {
  writeSetting(SAVED_KEY_SETTING, encryptSecret(apiKey));
}

export function forgetSavedApiKey(): void {
  deleteSetting(SAVED_KEY_SETTING);
}
