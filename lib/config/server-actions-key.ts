import { createHash, hkdfSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Environment } from './process-env';

/**
 * Next names each server action by a hash salted with a key it draws at random on every build, so
 * two instances built separately from the same commit do not know each other's forms ("Failed to
 * find Server Action"). The key is therefore the operator's `NEXT_SERVER_ACTIONS_ENCRYPTION_KEY`
 * when set, else derived from `AUTH_SECRET`, which every instance of one deployment must share
 * anyway (it signs the sessions). With neither at build time, Next's random key stands: fine for
 * one instance, and the fingerprint check at start refuses a second one that differs.
 */
export function serverActionsKey(env: Environment): { key: string; source: 'NEXT_SERVER_ACTIONS_ENCRYPTION_KEY' | 'AUTH_SECRET' } | null {
  // Read raw: next.config.ts loads this without the app's import aliases, so settings.ts (which
  // defines and checks both) is out of its reach; the launcher and the server check them at start.
  const set = env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY;
  const secret = env.AUTH_SECRET;
  if (set) return { key: set, source: 'NEXT_SERVER_ACTIONS_ENCRYPTION_KEY' };
  if (!secret || secret.length < 32) return null;
  // A separate key, so the one Next may expose in encrypted action arguments tells nothing about the session secret.
  const derived = Buffer.from(hkdfSync('sha256', secret, 'partner-dashboard', 'next-server-actions-key', 32));
  return { key: derived.toString('base64'), source: 'AUTH_SECRET' };
}

/** A short fingerprint of the key a build was made with, as its manifest records it; null before a build. */
export function builtKeyFingerprint(distDir = '.next'): string | null {
  let manifest: unknown;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'server', 'server-reference-manifest.json'), 'utf8'));
  } catch {
    return null;
  }
  const key = typeof manifest === 'object' && manifest !== null && 'encryptionKey' in manifest ? manifest.encryptionKey : undefined;
  return typeof key === 'string' && key !== '' ? createHash('sha256').update(key).digest('hex').slice(0, 16) : null;
}
