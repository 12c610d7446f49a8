import 'server-only';
import { z } from 'zod';
import type { WebhookEventRow } from '@/lib/db/schema';
import { conversationEventCount, conversationEvents } from '@/lib/inbound-events/event-store';
import { messageTextOf } from '@/lib/inbound-events/message-text';

/** Who wrote a message, in the words staff use: the end customer, the robot's AI, or a human operator. */
export type Author = 'customer' | 'ai' | 'operator' | 'unknown';

export type ThreadEntry =
  | { kind: 'message'; key: string; author: Author; text: string | null; at: string }
  | { kind: 'event'; key: string; type: string; at: string; reason: string | null };

export type Thread = {
  robotId: string | null;
  externalId: string | null;
  status: 'open' | 'closed';
  entries: ThreadEntry[];
};

const payloadSchema = z.looseObject({
  data: z
    .looseObject({
      text: z.string().optional(),
      reason: z.string().optional(),
      message: z.looseObject({ text: z.string().optional(), role: z.string().optional(), at: z.string().optional() }).optional(),
    })
    .nullish(),
});

function parsePayload(payload: string): z.infer<typeof payloadSchema> | null {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    // The receiver stored it verbatim; an unreadable payload shows as an event without text.
    return null;
  }
}

function authorOf(type: string, role: string | undefined): Author {
  if (role === 'client' || type === 'message.received') return 'customer';
  if (role === 'ai' || role === 'operator') return role;
  return 'unknown';
}

/**
 * A conversation as a thread, from the events our receiver stored, oldest first by event time. The
 * API cannot read conversations back, so this is what the dashboard knows: messages with their
 * author, and the chat's own events (started, closed, a failed send with its reason). The state is
 * the one the latest started or closed event left, so a close delivered before the start still closes.
 */
export function buildThread(rowsOldestFirst: WebhookEventRow[]): Thread {
  const entries: ThreadEntry[] = [];
  let status: Thread['status'] = 'open';
  for (const row of rowsOldestFirst) {
    const payload = parsePayload(row.payload);
    const at = payload?.data?.message?.at ?? row.occurredAt;
    if (row.type === 'message.received' || row.type === 'message.sent') {
      const text = row.messageText ?? messageTextOf(payload);
      entries.push({ kind: 'message', key: row.webhookId, author: authorOf(row.type, payload?.data?.message?.role), text, at });
    } else {
      entries.push({ kind: 'event', key: row.webhookId, type: row.type, at, reason: payload?.data?.reason ?? null });
    }
    if (row.type === 'chat.closed') status = 'closed';
    if (row.type === 'chat.started') status = 'open';
  }
  const last = rowsOldestFirst.at(-1);
  return { robotId: last?.robotId ?? null, externalId: last?.externalId ?? null, status, entries };
}

export const THREAD_PAGE_SIZE = 200;

/**
 * One page of a conversation's thread: page 1 is its latest events, the last page its first ones.
 * The state (open or closed) is always the latest one, whichever page is shown.
 */
export async function conversationThread(
  conversationId: string,
  { page = 1, pageSize = THREAD_PAGE_SIZE }: { page?: number; pageSize?: number } = {},
): Promise<Thread & { page: number; pages: number; totalEvents: number }> {
  const totalEvents = await conversationEventCount(conversationId);
  const pages = Math.max(1, Math.ceil(totalEvents / pageSize));
  const shown = Math.min(page, pages);
  const thread = buildThread(await conversationEvents(conversationId, pageSize, (shown - 1) * pageSize));
  if (shown > 1) thread.status = buildThread(await conversationEvents(conversationId, pageSize)).status;
  return { ...thread, page: shown, pages, totalEvents };
}
