import 'server-only';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { getEnv } from '@/lib/config/env';

const TAG_BYTES = 16;

// AES-256-GCM with a key derived from AUTH_SECRET: a copied database file alone reveals no secret.
function encryptionKey(): Buffer {
  return Buffer.from(hkdfSync('sha256', getEnv().AUTH_SECRET, 'partner-dashboard', 'settings-encryption', 32));
}

export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(), iv, { authTagLength: TAG_BYTES });
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
}

/** Null when the value was written under another AUTH_SECRET or tampered with. */
export function decryptSecret(sealed: string): string | null {
  const [version, ivB64, tagB64, bodyB64] = sealed.split('.');
  if (version !== 'v1' || !ivB64 || !tagB64 || bodyB64 === undefined) return null;
  try {
    const tag = Buffer.from(tagB64, 'base64');
    // A shortened tag would weaken the integrity check: only the full 16 bytes are accepted.
    if (tag.length !== TAG_BYTES) return null;
    const decipher = createDecipheriv('aes-256-gcm', encryptionKey(), Buffer.from(ivB64, 'base64'), { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(bodyB64, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
