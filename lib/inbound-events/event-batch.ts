import 'server-only';
import { getDb, schema } from '@/lib/db';
import type { StoredEvent } from './receiver';

/**
 * Events arriving together are stored by one INSERT … ON CONFLICT DO NOTHING RETURNING: a burst
 * costs one statement per event loop turn instead of one per event. Each caller still learns
 * whether its event was new; of two deliveries of one webhook-id in a batch, the first is.
 */
type Waiting = { event: StoredEvent; resolve: (stored: boolean) => void; reject: (error: unknown) => void };

/** Rows per statement: well below PostgreSQL's limit on bound parameters. */
const MAX_BATCH = 500;
let waiting: Waiting[] = [];
let scheduled = false;

/** PostgreSQL's codes for a transaction it chose to abort (deadlock, serialization failure): safe to run again. */
const RETRYABLE = new Set(['40P01', '40001']);

async function insertOnce(rows: StoredEvent[], attempt = 1): Promise<{ webhookId: string }[]> {
  try {
    const db = await getDb();
    return await db
      .insert(schema.webhookEvents)
      .values(rows)
      .onConflictDoNothing({ target: schema.webhookEvents.webhookId })
      .returning({ webhookId: schema.webhookEvents.webhookId });
  } catch (error) {
    const failure = error as { code?: unknown; cause?: { code?: unknown } };
    const code = failure.cause?.code ?? failure.code;
    if (attempt < 3 && typeof code === 'string' && RETRYABLE.has(code)) return insertOnce(rows, attempt + 1);
    throw error;
  }
}

async function flush(batch: Waiting[]): Promise<void> {
  const firstOfId = new Map<string, Waiting>();
  for (const entry of batch) if (!firstOfId.has(entry.event.webhookId)) firstOfId.set(entry.event.webhookId, entry);
  // In webhook-id order: two batches holding some of the same ids (concurrent flushes, or another
  // instance) then take their locks in the same order and cannot deadlock each other.
  const rows = [...firstOfId.values()].map((entry) => entry.event).sort((a, b) => (a.webhookId < b.webhookId ? -1 : 1));
  try {
    const inserted = await insertOnce(rows);
    const stored = new Set(inserted.map((row) => row.webhookId));
    for (const entry of batch) entry.resolve(firstOfId.get(entry.event.webhookId) === entry && stored.has(entry.event.webhookId));
  } catch (error) {
    for (const entry of batch) entry.reject(error);
  }
}

function flushWaiting(): void {
  scheduled = false;
  const all = waiting;
  waiting = [];
  for (let i = 0; i < all.length; i += MAX_BATCH) void flush(all.slice(i, i + MAX_BATCH));
}

/** Stores the event unless its webhook-id is already stored; true when it was new. */
export function storeWebhookEvent(event: StoredEvent): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    waiting.push({ event, resolve, reject });
    if (!scheduled) {
      scheduled = true;
      setImmediate(flushWaiting);
    }
  });
}
