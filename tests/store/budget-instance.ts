/**
 * Another dashboard instance for call-budget.test.ts on PostgreSQL: a process of its own with its
 * own connection pool on the same database (DATABASE_URL), as a second server would be. It prints
 * `ready` once its store is open; then, for each line `{"count":N,"at":T}` on its input, it reserves
 * N page calls at once (at T, T+1, …) and prints `{"sent":…,"refused":…}`.
 *
 * Run with `tsx --conditions=react-server` (the condition under which `server-only` is empty).
 */
import readline from 'node:readline';
import { z } from 'zod';
import { budgetState, CallBudgetSpentError, reserveCall } from '@/lib/connection/budget';
import { closeDb } from '@/lib/db';

const burstSchema = z.object({ count: z.number().int().positive(), at: z.number().int() });

await budgetState();
process.stdout.write('ready\n');

for await (const line of readline.createInterface({ input: process.stdin })) {
  const burst = burstSchema.parse(JSON.parse(line));
  const outcomes = await Promise.allSettled(Array.from({ length: burst.count }, (_, i) => reserveCall('page', burst.at + i)));
  const refused = outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof CallBudgetSpentError).length;
  const failed = outcomes.filter((o) => o.status === 'rejected').length - refused;
  process.stdout.write(`${JSON.stringify({ sent: outcomes.length - refused - failed, refused, failed })}\n`);
}
// Input closed: the test is done with this instance.
await closeDb();
