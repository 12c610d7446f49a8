import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Store } from '../store/db';
import { API_KEY_PREFIX } from '../../contract/vocabulary';
import { randomBase62 } from './ids';

const SECRET_KEY = 'key_hmac_secret';
export const API_KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{32}$`);

/**
 * Server secret for key HMACs (D5): made on first start, kept in the database. Two sandboxes
 * starting on one data directory at once both end up with the secret that was stored first, so a
 * key created through either authenticates on both.
 */
export function loadKeySecret(store: Store): Buffer {
  return Buffer.from(
    store.settingOnce(SECRET_KEY, () => randomBytes(32).toString('hex')),
    'hex',
  );
}

export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBase62(32)}`;
}

export function hashKey(secret: Buffer, key: string): string {
  return createHmac('sha256', secret).update(key).digest('hex');
}

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
