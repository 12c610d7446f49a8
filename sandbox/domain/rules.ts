import { and, asc, eq } from 'drizzle-orm';
import type { SandboxContext } from '../context';
import { ApiError, notFound } from '../http/api-error';
import { rules, type RuleRow } from '../store/attachment-schema';
import { channels, type ChannelRow } from '../store/schema';
import { randomBase62 } from './ids';
import type { RuleDefinition } from './rule-definition';
import { iso } from './vocabulary';

/** Rule fields in the contract's order; optional ones left out when not set. */
export function ruleView(row: RuleRow) {
  const d = row.definition;
  return {
    id: row.id,
    ...(d.name === undefined ? {} : { name: d.name }),
    trigger: d.trigger,
    actions: d.actions,
    ...(d.reply_in_comment === undefined ? {} : { reply_in_comment: d.reply_in_comment }),
    ...(d.then_send_dm === undefined ? {} : { then_send_dm: d.then_send_dm }),
    ...(d.require_follow === undefined ? {} : { require_follow: d.require_follow }),
    is_active: d.is_active,
    created_at: iso(row.createdAt),
  };
}

/**
 * D24. Rules are the social-DM platform's automation, so only a `social_dm` channel that has gone
 * live (connected or disabled) takes them; any other channel is a 422 (the body is fine, the
 * target is not one a rule can belong to).
 */
export function createRule(ctx: SandboxContext, channel: ChannelRow, definition: RuleDefinition): RuleRow {
  if (channel.type !== 'social_dm' || channel.status === 'pending_authorisation') {
    const message =
      channel.type !== 'social_dm'
        ? `rules belong to social_dm channels; this channel is ${channel.type}`
        : 'the social_dm handshake of this channel is still open; rules can be added once it is authorised';
    throw new ApiError('validation_failed', `The channel takes no rules: ${message}.`, { issues: [{ path: 'channel_id', message }] });
  }
  const row = {
    id: `rule_${randomBase62(16)}`,
    channelId: channel.id,
    definition,
    createdAt: ctx.clock.nowMs(),
  };
  return ctx.store.db.insert(rules).values(row).returning().get();
}

/** Oldest first (creation order). */
export function rulesOfChannel(ctx: SandboxContext, channelId: string): RuleRow[] {
  return ctx.store.db.select().from(rules).where(eq(rules.channelId, channelId)).orderBy(asc(rules.seq)).all();
}

export function requireRuleOfChannel(ctx: SandboxContext, channelId: string, ruleId: string): RuleRow {
  const row = ctx.store.db
    .select()
    .from(rules)
    .where(and(eq(rules.id, ruleId), eq(rules.channelId, channelId)))
    .get();
  if (!row) throw notFound('rule');
  return row;
}

export function requireChannel(ctx: SandboxContext, channelId: string): ChannelRow {
  const row = ctx.store.db.select().from(channels).where(eq(channels.id, channelId)).get();
  if (!row) throw notFound('channel');
  return row;
}
