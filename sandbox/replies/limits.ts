import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { SandboxContext } from '../context';
import type { ReplyKind } from '../domain/conversation-vocabulary';
import { iso } from '../domain/vocabulary';
import { providerOutages, type OutageRow } from '../store/webhook-schema';

// Contract, "Social platform limits": per social-DM account, 100 text sends and 10 audio or video
// sends per second. Modelled as token buckets on the sandbox clock holding one second's worth.
const SEND_RATE_PER_SECOND: Record<'text' | 'media', number> = { text: 100, media: 10 };

interface Bucket {
  tokens: number;
  updatedMs: number;
}

// In memory per running sandbox: a restart starts with full buckets, as a second later would anyway.
const buckets = new WeakMap<SandboxContext, Map<string, Bucket>>();

/** Takes one send from the channel's bucket for that kind; false when the rate is used up. */
export function takeSendToken(ctx: SandboxContext, channelId: string, kind: ReplyKind, nowMs: number): boolean {
  let map = buckets.get(ctx);
  if (!map) {
    map = new Map();
    buckets.set(ctx, map);
  }
  const lane = kind === 'text' ? 'text' : 'media';
  const rate = SEND_RATE_PER_SECOND[lane];
  const key = `${channelId}:${lane}`;
  const bucket = map.get(key) ?? { tokens: rate, updatedMs: nowMs };
  bucket.tokens = Math.min(rate, bucket.tokens + (Math.max(0, nowMs - bucket.updatedMs) * rate) / 1000);
  bucket.updatedMs = Math.max(bucket.updatedMs, nowMs);
  map.set(key, bucket);
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

/** A provider outage switched on through the control API: replies on that channel type wait. */
export function startOutage(ctx: SandboxContext, input: { channel_type?: string | undefined; until_seconds: number }): OutageRow {
  const now = ctx.clock.nowMs();
  const row = { channelType: input.channel_type ?? null, startsAt: now, until: now + Math.round(input.until_seconds * 1000) };
  const seq = Number(ctx.store.db.insert(providerOutages).values(row).run().lastInsertRowid);
  return { seq, ...row };
}

/** Ends every outage still running (they are kept, so the history of "blocked when" stays right). */
export function endOutages(ctx: SandboxContext): number {
  const now = ctx.clock.nowMs();
  return ctx.store.db.update(providerOutages).set({ until: now }).where(gt(providerOutages.until, now)).run().changes;
}

export function activeOutages(ctx: SandboxContext): OutageRow[] {
  const now = ctx.clock.nowMs();
  return ctx.store.db
    .select()
    .from(providerOutages)
    .where(and(lte(providerOutages.startsAt, now), gt(providerOutages.until, now)))
    .orderBy(asc(providerOutages.seq))
    .all();
}

/** Whether the provider of that channel type was down at `atMs` (sandbox clock). */
export function outageAt(ctx: SandboxContext, channelType: string, atMs: number): boolean {
  const row = ctx.store.db
    .select({ seq: providerOutages.seq })
    .from(providerOutages)
    .where(
      and(
        or(isNull(providerOutages.channelType), eq(providerOutages.channelType, channelType)),
        lte(providerOutages.startsAt, atMs),
        gt(providerOutages.until, atMs),
      ),
    )
    .get();
  return row !== undefined;
}

export function outageView(row: OutageRow) {
  return { channel_type: row.channelType, starts_at: iso(row.startsAt), until: iso(row.until) };
}
