import type { SandboxContext } from '../context';
import { ApiError } from '../http/api-error';
import type { Fixtures } from '../fixtures';
import { createAccount, requireAccount } from './accounts';
import { removeAccountRows } from './account-rows';
import { hashKey } from './keys';
import { createRobot } from './robots';

/**
 * Makes the fixtures' accounts as the file states them, each in place of any account with its id
 * (and everything that account had gathered), so every start, and every reset, begins from the same
 * state. Other accounts are left alone. One transaction: a fixture the plan rules refuse (more
 * active channels than its capacity) leaves the store as it was.
 */
export function applyFixtures(ctx: SandboxContext, fixtures: Fixtures): void {
  ctx.store.transaction(() => {
    for (const fixture of fixtures.accounts) {
      const existing = ctx.store.sqlite.prepare('SELECT 1 FROM accounts WHERE id = ?').get(fixture.id);
      if (existing !== undefined) removeAccountRows(ctx, fixture.id);
      const keyHash = hashKey(ctx.keySecret, fixture.api_key);
      if (ctx.store.sqlite.prepare('SELECT 1 FROM accounts WHERE key_hash = ?').get(keyHash) !== undefined) {
        throw new ApiError('invalid_parameter', `fixture account ${fixture.id}: its api_key is already another account's`);
      }
      const { id, api_key, webhook_secret, robots, ...input } = fixture;
      try {
        createAccount(ctx, input, { id, apiKey: api_key, webhookSecret: webhook_secret });
        const account = requireAccount(ctx, id);
        for (const robot of robots ?? []) createRobot(ctx, account, robot);
      } catch (error) {
        // Whoever reads this at start must know which fixture to fix.
        throw new ApiError('invalid_parameter', `fixture account ${id}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  });
  // Made afresh, on the sandbox's clock like any new account.
  for (const fixture of fixtures.accounts) ctx.clock.forgetAccount(fixture.id);
}
