import 'server-only';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { getDb, schema } from '@/lib/db';
import type { WebhookEventRow } from '@/lib/db/schema';
import { neutraliseFormula } from '@/lib/ui/csv-cell';
import type { HistorySpan } from '@/lib/retention/history-span';
import { describeRetention } from '@/lib/retention/policy';

export type ExportFormat = 'csv' | 'json';

/** Conversations read per query: whole conversations each time, so JSON objects are never split. */
const CHUNK = 200;

export const CSV_COLUMNS = [
  'conversation_id',
  'robot_id',
  'external_id',
  'event_id',
  'type',
  'occurred_at',
  'received_at',
  'role',
  'text',
  'retention_horizon',
] as const;

const events = schema.webhookEvents;

function payloadOf(row: WebhookEventRow): unknown {
  try {
    return JSON.parse(row.payload);
  } catch {
    // Stored verbatim after its signature held; unreadable only if the store was edited by hand.
    return row.payload;
  }
}

function roleOf(payload: unknown): string {
  const role = (payload as { data?: { message?: { role?: unknown } } } | null)?.data?.message?.role;
  return typeof role === 'string' ? role : '';
}

/** What the export says about retention: how far back history goes, and what that means for the file. */
export function retentionStatement(span: HistorySpan): { stated: boolean; kept: string | null; horizon: string | null; note: string } {
  if (span.retention.state === 'unstated')
    return {
      stated: false,
      kept: null,
      horizon: null,
      note: 'The plan is not stated in Settings: the dashboard removes nothing of its own.',
    };
  return {
    stated: true,
    kept: describeRetention(span.retention.months),
    horizon: span.horizon,
    note: span.horizon
      ? `History before ${span.horizon} has been removed by the service and this dashboard; this file is the only copy of what it holds once its events pass that horizon.`
      : 'History is kept without a limit.',
  };
}

async function* eventChunks(conversationIds: string[]): AsyncGenerator<WebhookEventRow[][]> {
  const db = await getDb();
  for (let i = 0; i < conversationIds.length; i += CHUNK) {
    const ids = conversationIds.slice(i, i + CHUNK);
    const rows = await db
      .select()
      .from(events)
      .where(and(inArray(events.conversationId, ids), eq(events.isTest, false)))
      .orderBy(asc(events.conversationId), asc(events.occurredAt), asc(events.seq));
    const byConversation = new Map<string, WebhookEventRow[]>(ids.map((id) => [id, []]));
    for (const row of rows) byConversation.get(row.conversationId ?? '')?.push(row);
    yield ids.flatMap((id) => {
      const list = byConversation.get(id) ?? [];
      return list.length > 0 ? [list] : [];
    });
  }
}

/**
 * The conversations' events as a stream of CSV or JSON text, a chunk of conversations at a time, so
 * a window of thousands never sits in memory whole. Both formats state the retention horizon.
 */
export function exportStream(
  conversationIds: string[],
  format: ExportFormat,
  header: { exportedAt: string; filters: Record<string, string>; retention: ReturnType<typeof retentionStatement> },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const chunks = eventChunks(conversationIds);
  let first = true;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      if (format === 'csv') controller.enqueue(encoder.encode(stringify([[...CSV_COLUMNS]], { bom: true })));
      else {
        const opening = JSON.stringify({ exported_at: header.exportedAt, retention: header.retention, filters: header.filters });
        controller.enqueue(encoder.encode(`${opening.slice(0, -1)},"conversations":[\n`));
      }
    },
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) {
        if (format === 'json') controller.enqueue(encoder.encode('\n]}\n'));
        controller.close();
        return;
      }
      const horizon = header.retention.horizon ?? '';
      if (format === 'csv') {
        const records = next.value.flat().map((row) => {
          const payload = payloadOf(row);
          return [
            row.conversationId,
            row.robotId,
            row.externalId,
            row.eventId,
            row.type,
            row.occurredAt,
            row.receivedAt,
            roleOf(payload),
            row.messageText,
            horizon,
          ].map((cell) => neutraliseFormula(cell ?? ''));
        });
        if (records.length > 0) controller.enqueue(encoder.encode(stringify(records)));
        return;
      }
      const objects = next.value.map((list) => {
        const head = list[list.length - 1];
        return JSON.stringify({
          conversation_id: head?.conversationId,
          robot_id: head?.robotId ?? null,
          external_id: head?.externalId ?? null,
          events: list.map((row) => {
            const payload = payloadOf(row);
            return {
              event_id: row.eventId,
              type: row.type,
              occurred_at: row.occurredAt,
              received_at: row.receivedAt,
              role: roleOf(payload) || null,
              text: row.messageText,
              payload,
            };
          }),
        });
      });
      if (objects.length === 0) return;
      controller.enqueue(encoder.encode(`${first ? '' : ',\n'}${objects.join(',\n')}`));
      first = false;
    },
  });
}
