import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { decryptSecret, encryptSecret } from '@/lib/connection/secret-box';
import { getDb, schema } from '@/lib/db';
import type { AlertDestinationKind } from '@/lib/db/schema';
import type { SendOutcome } from './alert-message';

/**
 * Where alerts go. The URL (whose path is often the credential: a Slack or Teams incoming-webhook
 * URL is one) and the addresses are kept sealed; pages see only `shown`.
 */
export type AlertDestination = Omit<typeof schema.alertDestinations.$inferSelect, 'target'>;

/** What a page may show of a target: a webhook URL's scheme and host, never its path or query. */
export function shownTarget(kind: AlertDestinationKind, target: string): string {
  if (kind === 'email') return target;
  const url = new URL(target);
  return `${url.protocol}//${url.host}/…`;
}

/** A row without its sealed target: what may leave this module for a page. */
function unsealed(row: typeof schema.alertDestinations.$inferSelect): AlertDestination {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    shown: row.shown,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    failingSince: row.failingSince,
    lastError: row.lastError,
    lastSentAt: row.lastSentAt,
  };
}

export async function listDestinations(): Promise<AlertDestination[]> {
  const d = schema.alertDestinations;
  return (await getDb())
    .select({
      id: d.id,
      kind: d.kind,
      name: d.name,
      shown: d.shown,
      createdBy: d.createdBy,
      createdAt: d.createdAt,
      failingSince: d.failingSince,
      lastError: d.lastError,
      lastSentAt: d.lastSentAt,
    })
    .from(d)
    .orderBy(asc(d.id));
}

export async function addDestination(input: {
  kind: AlertDestinationKind;
  name: string;
  target: string;
  createdBy: string;
}): Promise<AlertDestination> {
  const [row] = await (
    await getDb()
  )
    .insert(schema.alertDestinations)
    .values({ ...input, target: encryptSecret(input.target), shown: shownTarget(input.kind, input.target), createdAt: Date.now() })
    .returning();
  if (!row) throw new Error('The destination was not stored.');
  return unsealed(row);
}

export async function changeDestination(id: number, input: { name: string; target: string | null }): Promise<boolean> {
  const db = await getDb();
  const [current] = await db.select().from(schema.alertDestinations).where(eq(schema.alertDestinations.id, id));
  if (!current) return false;
  const sealed = input.target === null ? {} : { target: encryptSecret(input.target), shown: shownTarget(current.kind, input.target) };
  await db
    .update(schema.alertDestinations)
    .set({ name: input.name, ...sealed, failingSince: null, lastError: null })
    .where(eq(schema.alertDestinations.id, id));
  return true;
}

export async function removeDestination(id: number): Promise<AlertDestination | null> {
  const db = await getDb();
  const [row] = await db.delete(schema.alertDestinations).where(eq(schema.alertDestinations.id, id)).returning();
  // Alerts still queued for it have nowhere to go.
  await db.delete(schema.alertSends).where(eq(schema.alertSends.destinationId, id));
  return row ? unsealed(row) : null;
}

/** The destination with its target unsealed, for the sender only; null when gone or sealed under another AUTH_SECRET. */
export async function destinationForSending(id: number): Promise<(AlertDestination & { target: string }) | null> {
  const [row] = await (await getDb()).select().from(schema.alertDestinations).where(eq(schema.alertDestinations.id, id));
  if (!row) return null;
  const target = decryptSecret(row.target);
  return target === null ? null : { ...row, target };
}

/** A send's outcome on the destination: failing since the first failure, clear again on a success. */
export async function noteDestinationOutcome(id: number, outcome: SendOutcome, now = Date.now()): Promise<void> {
  const db = await getDb();
  if (outcome.ok) {
    await db
      .update(schema.alertDestinations)
      .set({ failingSince: null, lastError: null, lastSentAt: now })
      .where(eq(schema.alertDestinations.id, id));
    return;
  }
  const [row] = await db
    .select({ since: schema.alertDestinations.failingSince })
    .from(schema.alertDestinations)
    .where(eq(schema.alertDestinations.id, id));
  await db
    .update(schema.alertDestinations)
    .set({ failingSince: row?.since ?? now, lastError: outcome.error })
    .where(eq(schema.alertDestinations.id, id));
}
