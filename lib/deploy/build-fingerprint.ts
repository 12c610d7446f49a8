import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, schema } from '@/lib/db';
import { parseJsonSetting, writeSetting } from '@/lib/db/settings';

/**
 * Instances sharing one database must come from builds with the same server-action key, or a form
 * served by one fails when posted to another. Each running instance keeps its build's fingerprint
 * fresh in the store; one that starts with another fingerprint while a differing instance is still
 * alive refuses to start. Once every old instance has been quiet for a while (a redeploy with a
 * new key), the newcomer's fingerprint takes over.
 */
const SETTING = 'deploy:server-actions-key';
/** How often a running instance says it is alive, and after how long without that it counts as gone. */
export const HEARTBEAT_MS = 30_000;
export const GONE_AFTER_MS = 3 * HEARTBEAT_MS;

const recordSchema = z.object({ fingerprint: z.string(), seenAt: z.string() });

export type FingerprintClaim = { ok: true } | { ok: false; theirs: string; seenSecondsAgo: number };

/** Takes the shared fingerprint for this build, or says whose differing one is still alive. */
export async function claimBuildFingerprint(fingerprint: string, now = new Date()): Promise<FingerprintClaim> {
  return (await getDb()).transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SETTING}))`);
    const [row] = await tx.select({ value: schema.settings.value }).from(schema.settings).where(eq(schema.settings.key, SETTING));
    const held = parseJsonSetting(row?.value, recordSchema);
    if (held && held.fingerprint !== fingerprint) {
      const quietMs = now.getTime() - Date.parse(held.seenAt);
      if (quietMs < GONE_AFTER_MS) return { ok: false, theirs: held.fingerprint, seenSecondsAgo: Math.max(0, Math.round(quietMs / 1000)) };
    }
    await writeSetting(SETTING, JSON.stringify({ fingerprint, seenAt: now.toISOString() }), tx);
    return { ok: true };
  });
}

/** Why an instance refuses to start, for its log. */
export function refusalMessage(mine: string, claim: Extract<FingerprintClaim, { ok: false }>): string {
  return (
    `This build's server-action key (fingerprint ${mine}) differs from the one another instance on this database uses ` +
    `(${claim.theirs}, alive ${claim.seenSecondsAgo} s ago): forms served by one would fail on the other. ` +
    'Build every instance with the same AUTH_SECRET (or NEXT_SERVER_ACTIONS_ENCRYPTION_KEY) set, or stop the other instances first.'
  );
}

/** Keeps this instance's claim fresh while it runs; never holds the process open. */
export function keepClaimFresh(fingerprint: string): void {
  const timer = setInterval(() => {
    claimBuildFingerprint(fingerprint).catch((error: unknown) => {
      console.warn(`[deploy] Could not refresh the build fingerprint: ${error instanceof Error ? error.message : String(error)}`);
    });
  }, HEARTBEAT_MS);
  timer.unref();
}
