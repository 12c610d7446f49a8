import { and, eq } from 'drizzle-orm';
import type { SandboxContext } from '../context';
import { conversations, type ConversationRow } from '../store/conversation-schema';
import { robots } from '../store/schema';

/**
 * A conversation as a /v1 caller may address it: of the caller's account, on a robot that still
 * exists. Another partner's conversation and one whose robot was deleted (kept for retention, but
 * taking no new traffic) are both "not found" (contract: 404, never 403).
 */
export function findLiveConversationOfAccount(ctx: SandboxContext, accountId: string, conversationId: string): ConversationRow | undefined {
  return ctx.store.db
    .select({ conversation: conversations })
    .from(conversations)
    .innerJoin(robots, eq(robots.id, conversations.robotId))
    .where(and(eq(conversations.id, conversationId), eq(conversations.accountId, accountId)))
    .get()?.conversation;
}
