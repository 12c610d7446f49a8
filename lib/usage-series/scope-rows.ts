import 'server-only';
import { eq, sql, type SQL } from 'drizzle-orm';
import { schema } from '@/lib/db';

/** Whose usage a series shows. Usage answers carry no `external_id` (D12): a customer is the robots the directory gives that id. */
export type SeriesScope = { kind: 'account' } | { kind: 'robot'; robotId: string } | { kind: 'customer'; externalId: string };

/**
 * The account's total of each day is kept as a row of its own (robot id `ACCOUNT_ROW`), so the
 * account's series reads one row a day however many robots it has.
 */
export const ACCOUNT_ROW = '';

/** The rows of `usage_days` that make up the scope's figures. */
export function rowsOfScope(scope: SeriesScope): SQL {
  const robotId = schema.usageDays.robotId;
  if (scope.kind === 'robot') return eq(robotId, scope.robotId);
  if (scope.kind === 'customer')
    return sql`${robotId} in (select ${schema.robotDirectory.id} from ${schema.robotDirectory} where ${schema.robotDirectory.externalId} = ${scope.externalId})`;
  return eq(robotId, ACCOUNT_ROW);
}
