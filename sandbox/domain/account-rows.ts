import type { SandboxContext } from '../context';

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

/** Deletes every row the account owns, the account's own included; the caller holds the transaction. */
export function removeAccountRows(ctx: SandboxContext, accountId: string): void {
  for (const table of BY_ROBOT)
    ctx.store.sqlite.prepare(`DELETE FROM ${table} WHERE robot_id IN (${OWNED_ROBOTS})`).run({ account: accountId });
  for (const table of BY_ACCOUNT) {
    const column = table === 'accounts' ? 'id' : 'account_id';
    ctx.store.sqlite.prepare(`DELETE FROM ${table} WHERE ${column} = :account`).run({ account: accountId });
  }
}

/**
 * Deletes every account's rows at once, rows left by robots deleted long ago included (which no
 * account's removal can still reach); the caller holds the transaction. Returns the accounts deleted.
 */
export function removeEveryAccountRow(ctx: SandboxContext): number {
  const accounts = ctx.store.sqlite.prepare('SELECT count(*) FROM accounts').pluck().get() as number;
  for (const table of [...BY_ROBOT, ...BY_ACCOUNT]) ctx.store.sqlite.prepare(`DELETE FROM ${table}`).run();
  return accounts;
}
