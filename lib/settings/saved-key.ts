import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { SAVED_KEY_SETTING } from '@/lib/connection/connection';
import { encryptSecret } from '@/lib/connection/secret-box';
import { getDb } from '@/lib/db';
import { deleteSetting, writeSetting } from '@/lib/db/settings';

// The Settings page's changes to the key live above lib/audit, since each lands with its audit
// entry; lib/connection only reads the key.

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
