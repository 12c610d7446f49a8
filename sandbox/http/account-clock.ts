import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { SandboxContext } from '../context';
import { attachments } from '../store/attachment-schema';
import { conversations } from '../store/conversation-schema';
import { channels, handshakes, robots } from '../store/schema';
import type { AppEnv } from './env';

type Lookup = (ctx: SandboxContext, id: string) => string | undefined;

const robotAccount: Lookup = (ctx, id) =>
  ctx.store.db.select({ accountId: robots.accountId }).from(robots).where(eq(robots.id, id)).get()?.accountId;
const channelAccount: Lookup = (ctx, id) => {
  const robotId = ctx.store.db.select({ robotId: channels.robotId }).from(channels).where(eq(channels.id, id)).get()?.robotId;
  return robotId === undefined ? undefined : robotAccount(ctx, robotId);
};
const conversationAccount: Lookup = (ctx, id) =>
  ctx.store.db.select({ accountId: conversations.accountId }).from(conversations).where(eq(conversations.id, id)).get()?.accountId;
const attachmentAccount: Lookup = (ctx, id) =>
  ctx.store.db.select({ accountId: attachments.accountId }).from(attachments).where(eq(attachments.id, id)).get()?.accountId;
const handshakeAccount: Lookup = (ctx, token) => {
  const robotId = ctx.store.db.select({ robotId: handshakes.robotId }).from(handshakes).where(eq(handshakes.token, token)).get()?.robotId;
  return robotId === undefined ? undefined : robotAccount(ctx, robotId);
};

/** The paths outside /v1 that name something of one account, and how to find the account. */
const PATHS: readonly (readonly [RegExp, Lookup])[] = [
  [/^\/sandbox\/api\/accounts\/([^/]+)/, (_ctx, id) => id],
  [/^\/sandbox\/api\/robots\/([^/]+)/, robotAccount],
  [/^\/sandbox\/api\/(?:channels|handshakes)\/([^/]+)/, channelAccount],
  [/^\/sandbox\/api\/conversations\/([^/]+)/, conversationAccount],
  [/^\/sandbox\/(?:api\/attachments|files)\/([^/]+)/, attachmentAccount],
  [/^\/sandbox\/authorise\/([^/]+)/, handshakeAccount],
];

function accountOfPath(ctx: SandboxContext, path: string): string | undefined {
  for (const [pattern, lookup] of PATHS) {
    const encoded = pattern.exec(path)?.[1];
    if (encoded === undefined) continue;
    try {
      return lookup(ctx, decodeURIComponent(encoded));
    } catch {
      // A malformed escape names nothing; the route answers it.
      return undefined;
    }
  }
  return undefined;
}

function runAs(ctx: SandboxContext, c: Context<AppEnv>, accountId: string | undefined, next: () => Promise<void>): Promise<void> {
  if (accountId === undefined) return next();
  c.set('clockAccount', accountId);
  return ctx.clock.asAccount(accountId, next);
}

/**
 * Runs a /v1 request on its account's clock (after the key said whose it is): its expiries, its
 * deliveries' retry times and its `Date` header read that account's own time when it has one.
 */
export function v1AccountClock(ctx: SandboxContext): MiddlewareHandler<AppEnv> {
  return (c, next) => runAs(ctx, c, c.get('account')?.id, next);
}

/**
 * Runs a control call, the consent screen or a file URL on the clock of the account whose
 * resource the path names. Looked up only while some account has a clock of its own.
 */
export function pathAccountClock(ctx: SandboxContext): MiddlewareHandler<AppEnv> {
  return (c, next) => runAs(ctx, c, ctx.clock.ownClocks().length === 0 ? undefined : accountOfPath(ctx, c.req.path), next);
}
