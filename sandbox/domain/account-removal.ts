import type { SandboxContext } from '../context';
import { requireAccount } from './accounts';

// Every robot the account ever had that left rows behind: usage, model history and conversation
// days are keyed by robot alone, and outlive a robot deleted earlier.
const OWNED_ROBOTS = `
  SELECT id FROM robots WHERE account_id = :account
  UNION SELECT robot_id FROM conversations WHERE account_id = :account
  UNION SELECT robot_id FROM events WHERE account_id = :account AND robot_id IS NOT NULL
  UNION SELECT robot_id FROM reply_queue WHERE account_id = :account`;

const BY_ROBOT = [
  'usage_daily',
  'usage_cumulative',
  'conversation_days',
  'multi_day_conversation_days',
  'purged_message_usage',
  'robot_model_changes',
] as const;

// Children first where no foreign key cascades; messages, typing indicators, delivery attempts,
// channels, their rules, disconnections and handshakes go with their parent row.
const BY_ACCOUNT = ['attachments', 'reply_queue', 'events', 'deliveries', 'conversations', 'robots', 'accounts'] as const;

function removeRows(ctx: SandboxContext, accountId: string): void {
  for (const table of BY_ROBOT)
    ctx.store.sqlite.prepare(`DELETE FROM ${table} WHERE robot_id IN (${OWNED_ROBOTS})`).run({ account: accountId });
  for (const table of BY_ACCOUNT) {
    const column = table === 'accounts' ? 'id' : 'account_id';
    ctx.store.sqlite.prepare(`DELETE FROM ${table} WHERE ${column} = :account`).run({ account: accountId });
  }
}

/**
 * Deletes an account with everything it owns (robots, channels, conversations, events, deliveries,
 * usage, the replies it queued, its recent requests and the faults armed for it), in one
 * transaction: its key answers 401 at once, and nothing of it is left to find.
 */
export function deleteAccount(ctx: SandboxContext, accountId: string): void {
  ctx.store.transaction(() => {
    requireAccount(ctx, accountId);
    removeRows(ctx, accountId);
  });
  ctx.requests.forget(accountId);
  ctx.faults.clear(accountId);
}

/**
 * Every account deleted as above, with the provider outages and faults: the state of a new data
 * directory, but for the clock, which only moves forward (D22), and the key-signing secret.
 */
export function resetSandbox(ctx: SandboxContext): { deleted_accounts: number } {
  const ids = ctx.store.sqlite.prepare('SELECT id FROM accounts').pluck().all() as string[];
  ctx.store.transaction(() => {
    for (const id of ids) removeRows(ctx, id);
    ctx.store.sqlite.prepare('DELETE FROM provider_outages').run();
  });
  ctx.requests.forget();
  ctx.faults.clear();
  return { deleted_accounts: ids.length };
}
