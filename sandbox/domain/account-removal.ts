import type { SandboxContext } from '../context';
import { requireAccount } from './accounts';
import { removeAccountRows, removeEveryAccountRow } from './account-rows';
import { applyFixtures } from './fixtures';

/**
 * Deletes an account with everything it owns (robots, channels, conversations, events, deliveries,
 * usage, the replies it queued, its recent requests and the faults armed for it), in one
 * transaction: its key answers 401 at once, and nothing of it is left to find.
 */
export function deleteAccount(ctx: SandboxContext, accountId: string): void {
  ctx.store.transaction(() => {
    requireAccount(ctx, accountId);
    removeAccountRows(ctx, accountId);
  });
  ctx.requests.forget(accountId);
  ctx.faults.clear(accountId);
  ctx.clock.forgetAccount(accountId);
}

/**
 * Every account deleted as above, with the provider outages and faults, then the fixtures the
 * sandbox started with made again: the state of its start, but for the clock, which only moves
 * forward (D22), and the key-signing secret. Accounts' own clocks go with the accounts.
 */
export function resetSandbox(ctx: SandboxContext): { deleted_accounts: number; fixture_accounts: number } {
  const deleted = ctx.store.transaction(() => {
    const count = removeEveryAccountRow(ctx);
    ctx.store.sqlite.prepare('DELETE FROM provider_outages').run();
    if (ctx.fixtures !== undefined) applyFixtures(ctx, ctx.fixtures);
    return count;
  });
  ctx.requests.forget();
  ctx.faults.clear();
  for (const accountId of ctx.clock.ownClocks()) ctx.clock.forgetAccount(accountId);
  return { deleted_accounts: deleted, fixture_accounts: ctx.fixtures?.accounts.length ?? 0 };
}
