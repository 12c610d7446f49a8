import { eq } from 'drizzle-orm';
import type { SandboxContext } from '../context';
import { typingIndicators } from '../store/attachment-schema';
import { isoOrNull } from './vocabulary';

/** D15: the sandbox shows the indicator for 5 s (sandbox clock) after each call. */
const TYPING_MS = 5_000;

/**
 * `true` (re)starts the 5 s; `false` ends a showing indicator now. Stopping one that is not
 * showing changes nothing, so `until` keeps saying when it last stopped.
 */
export function setTyping(ctx: SandboxContext, conversationId: string, isTyping: boolean): void {
  const now = ctx.clock.nowMs();
  if (isTyping) {
    const until = now + TYPING_MS;
    ctx.store.db
      .insert(typingIndicators)
      .values({ conversationId, until })
      .onConflictDoUpdate({ target: typingIndicators.conversationId, set: { until } })
      .run();
    return;
  }
  const current = ctx.store.db.select().from(typingIndicators).where(eq(typingIndicators.conversationId, conversationId)).get();
  if (current && current.until > now) {
    ctx.store.db.update(typingIndicators).set({ until: now }).where(eq(typingIndicators.conversationId, conversationId)).run();
  }
}

/** `{active, until}`: `until` is when it stops (or stopped) showing; null if it never showed. */
export function typingView(ctx: SandboxContext, conversationId: string) {
  const row = ctx.store.db.select().from(typingIndicators).where(eq(typingIndicators.conversationId, conversationId)).get();
  const until = row?.until ?? null;
  return { active: until !== null && until > ctx.clock.nowMs(), until: isoOrNull(until) };
}
