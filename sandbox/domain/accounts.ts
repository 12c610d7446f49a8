import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SandboxContext } from '../context';
import { ApiError, notFound } from '../http/api-error';
import type { Db } from '../store/db';
import { oncePer } from '../store/prepared';
import { accounts, channels, robots, type AccountRow } from '../store/schema';
import { newId } from './ids';
import { retentionMonths, subscriptionsOf } from './retention';
import { hashKey, hashesEqual, newApiKey, newWebhookSecret, API_KEY_PATTERN } from './keys';
import { DEFAULT_CAPACITY, DEFAULT_RATE_LIMIT_PER_MINUTE, iso, isoOrNull, type AttachmentKind, type Role, type Tier } from './vocabulary';

export interface WebhookInput {
  url: string;
  auth_token: string;
  custom_headers?: Record<string, string> | undefined;
}

export interface AccountInput {
  name: string;
  tier?: Tier | undefined;
  /** Whether the account holds a standard subscription (at `tier`); default true, as before. */
  standard_plan?: boolean | undefined;
  /** Tier of a social-DM subscription held beside (or instead of) the standard one; default none. */
  social_dm_tier?: Tier | null | undefined;
  capacity?: number | undefined;
  rate_limit_per_minute?: number | undefined;
  roles?: Role[] | undefined;
  return_url?: string | null | undefined;
  webhook?: WebhookInput | null | undefined;
}

export interface AccountPatch extends Partial<AccountInput> {
  lapsed?: boolean | undefined;
  key_expires_at?: string | null | undefined;
  excluded_attachment_kinds?: AttachmentKind[] | undefined;
}

const WEBHOOK_SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** What a fixtures file fixes in advance; anything left out is drawn as for any new account. */
export interface FixedAccountValues {
  id?: string | undefined;
  apiKey?: string | undefined;
  webhookSecret?: string | undefined;
}

export function createAccount(ctx: SandboxContext, input: AccountInput, fixed: FixedAccountValues = {}) {
  requireSubscription(input.standard_plan ?? true, input.social_dm_tier ?? null);
  const now = ctx.clock.nowMs();
  const apiKey = fixed.apiKey ?? newApiKey();
  const row: AccountRow = {
    id: fixed.id ?? newId.account(),
    name: input.name,
    tier: input.tier ?? 'basic',
    standardPlan: input.standard_plan ?? true,
    socialDmTier: input.social_dm_tier ?? null,
    capacity: input.capacity ?? DEFAULT_CAPACITY,
    rateLimitPerMinute: input.rate_limit_per_minute ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
    lapsed: false,
    roles: unique(input.roles ?? []),
    excludedAttachmentKinds: [],
    returnUrl: input.return_url ?? null,
    webhookUrl: input.webhook?.url ?? null,
    webhookAuthToken: input.webhook?.auth_token ?? null,
    webhookCustomHeaders: input.webhook?.custom_headers ?? {},
    webhookSecret: fixed.webhookSecret ?? newWebhookSecret(),
    previousWebhookSecret: null,
    previousWebhookSecretUntil: null,
    keyHash: hashKey(ctx.keySecret, apiKey),
    keyCreatedAt: now,
    keyExpiresAt: null,
    createdAt: now,
  };
  ctx.store.db.insert(accounts).values(row).run();
  return { account_id: row.id, api_key: apiKey, webhook_secret: row.webhookSecret };
}

function findAccount(ctx: SandboxContext, accountId: string): AccountRow | undefined {
  return ctx.store.db.select().from(accounts).where(eq(accounts.id, accountId)).get();
}

export function requireAccount(ctx: SandboxContext, accountId: string): AccountRow {
  const account = findAccount(ctx, accountId);
  if (!account) throw notFound('account');
  return account;
}

export function listAccounts(ctx: SandboxContext): AccountRow[] {
  return ctx.store.db.select().from(accounts).orderBy(accounts.createdAt).all();
}

// Every /v1 call runs this lookup: prepared once per store rather than rebuilt per request.
const accountByKeyHash = oncePer((db: Db) =>
  db
    .select()
    .from(accounts)
    .where(eq(accounts.keyHash, sql.placeholder('hash')))
    .prepare(),
);

/**
 * The account a presented key belongs to, or undefined for every kind of bad key (D5). The lookup
 * goes through the index on the keyed HMAC, whose value a caller cannot steer; the final
 * comparison is constant-time as D5 asks.
 */
export function accountForKey(ctx: SandboxContext, presented: string | undefined): AccountRow | undefined {
  if (presented === undefined || !API_KEY_PATTERN.test(presented)) return undefined;
  const hash = hashKey(ctx.keySecret, presented);
  const account = accountByKeyHash(ctx.store.db).get({ hash });
  if (!account || !hashesEqual(account.keyHash, hash)) return undefined;
  // On the account's own clock, when it has one: its key expires on its time.
  const now = ctx.clock.asAccount(account.id, () => ctx.clock.nowMs());
  if (account.keyExpiresAt !== null && account.keyExpiresAt <= now) return undefined;
  return account;
}

export function patchAccount(ctx: SandboxContext, accountId: string, patch: AccountPatch): AccountRow {
  return ctx.store.transaction(() => {
    const current = requireAccount(ctx, accountId);
    const set: Partial<AccountRow> = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.tier !== undefined) set.tier = patch.tier;
    if (patch.standard_plan !== undefined) set.standardPlan = patch.standard_plan;
    if (patch.social_dm_tier !== undefined) set.socialDmTier = patch.social_dm_tier;
    requireSubscription(set.standardPlan ?? current.standardPlan, set.socialDmTier === undefined ? current.socialDmTier : set.socialDmTier);
    if (patch.capacity !== undefined) set.capacity = patch.capacity;
    if (patch.rate_limit_per_minute !== undefined) set.rateLimitPerMinute = patch.rate_limit_per_minute;
    if (patch.roles !== undefined) set.roles = unique(patch.roles);
    if (patch.excluded_attachment_kinds !== undefined) set.excludedAttachmentKinds = unique(patch.excluded_attachment_kinds);
    if (patch.return_url !== undefined) set.returnUrl = patch.return_url;
    if (patch.key_expires_at !== undefined) {
      set.keyExpiresAt = patch.key_expires_at === null ? null : Date.parse(patch.key_expires_at);
    }
    if (patch.webhook !== undefined) {
      set.webhookUrl = patch.webhook?.url ?? null;
      set.webhookAuthToken = patch.webhook?.auth_token ?? null;
      set.webhookCustomHeaders = patch.webhook?.custom_headers ?? {};
    }
    if (patch.lapsed !== undefined) {
      set.lapsed = patch.lapsed;
      // D6: a lapse switches every channel off; renewing does not switch them back on, the partner
      // re-enables them (with the capacity check) as the state table says.
      if (patch.lapsed && !current.lapsed) deactivateAllChannels(ctx, accountId);
    }
    if (Object.keys(set).length > 0) ctx.store.db.update(accounts).set(set).where(eq(accounts.id, accountId)).run();
    return requireAccount(ctx, accountId);
  });
}

function deactivateAllChannels(ctx: SandboxContext, accountId: string): void {
  const robotIds = ctx.store.db.select({ id: robots.id }).from(robots).where(eq(robots.accountId, accountId));
  ctx.store.db
    .update(channels)
    .set({ isActive: false, status: 'disabled' })
    .where(and(inArray(channels.robotId, robotIds), eq(channels.status, 'connected')))
    .run();
}

/** Panel rotation (D5): the new key replaces the old one, which answers 401 from then on. */
export function rotateKey(ctx: SandboxContext, accountId: string): { api_key: string } {
  requireAccount(ctx, accountId);
  const apiKey = newApiKey();
  ctx.store.db
    .update(accounts)
    .set({ keyHash: hashKey(ctx.keySecret, apiKey), keyCreatedAt: ctx.clock.nowMs(), keyExpiresAt: null })
    .where(eq(accounts.id, accountId))
    .run();
  return { api_key: apiKey };
}

/** The old secret keeps signing alongside the new one for 24 h (D24), for the webhook issue. */
export function rotateWebhookSecret(ctx: SandboxContext, accountId: string): { webhook_secret: string } {
  const account = requireAccount(ctx, accountId);
  const secret = newWebhookSecret();
  ctx.store.db
    .update(accounts)
    .set({
      webhookSecret: secret,
      previousWebhookSecret: account.webhookSecret,
      previousWebhookSecretUntil: ctx.clock.nowMs() + WEBHOOK_SECRET_OVERLAP_MS,
    })
    .where(eq(accounts.id, accountId))
    .run();
  return { webhook_secret: secret };
}

export function activeChannelCount(ctx: SandboxContext, accountId: string): number {
  const row = ctx.store.db
    .select({ n: sql<number>`count(*)` })
    .from(channels)
    .innerJoin(robots, eq(robots.id, channels.robotId))
    .where(and(eq(robots.accountId, accountId), eq(channels.isActive, true)))
    .get();
  return row?.n ?? 0;
}

export function accountView(ctx: SandboxContext, account: AccountRow) {
  return {
    account_id: account.id,
    name: account.name,
    tier: account.tier,
    standard_plan: account.standardPlan,
    social_dm_tier: account.socialDmTier,
    // Derived, for display: months of conversation history kept, null for no limit (decision 0026).
    history_retention_months: retentionMonths(subscriptionsOf(account)),
    capacity: account.capacity,
    active_channels: activeChannelCount(ctx, account.id),
    rate_limit_per_minute: account.rateLimitPerMinute,
    lapsed: account.lapsed,
    roles: account.roles,
    excluded_attachment_kinds: account.excludedAttachmentKinds,
    return_url: account.returnUrl,
    webhook:
      account.webhookUrl === null
        ? null
        : { url: account.webhookUrl, auth_token: account.webhookAuthToken, custom_headers: account.webhookCustomHeaders },
    webhook_secret: account.webhookSecret,
    key_created_at: iso(account.keyCreatedAt),
    key_expires_at: isoOrNull(account.keyExpiresAt),
    created_at: iso(account.createdAt),
  };
}

/** An account holds at least one subscription: without any, no retention (nor plan) would apply. */
function requireSubscription(standardPlan: boolean, socialDmTier: Tier | null): void {
  if (standardPlan || socialDmTier !== null) return;
  throw new ApiError('validation_failed', 'The account must hold a standard or a social-DM subscription.', {
    issues: [{ path: 'standard_plan', message: 'false needs a social_dm_tier' }],
  });
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
