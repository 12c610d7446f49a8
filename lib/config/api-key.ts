import { API_KEY_PREFIX } from '@/contract/vocabulary';

/**
 * What the dashboard accepts as a partner key, from the environment or the Settings page. Looser
 * than the sandbox's exact `pk_live_` + 32 characters (D5): a real service may issue longer keys,
 * and the service itself is the judge when the key is first used.
 */
export const API_KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9]{8,}$`);

export const API_KEY_SHAPE_MESSAGE = `A partner key starts with ${API_KEY_PREFIX} followed by letters and digits. Copy it again from the partner panel.`;

/** What the UI may show of a key: its prefix and last four characters, never more. */
export function keyFingerprint(apiKey: string | null): string | null {
  if (!apiKey) return null;
  const prefix = apiKey.startsWith(API_KEY_PREFIX) ? API_KEY_PREFIX : apiKey.slice(0, 3);
  return `${prefix}…${apiKey.slice(-4)}`;
}
