import { asc, eq } from 'drizzle-orm';
import type { SandboxContext } from '../context';
import { robotModelChanges } from '../store/conversation-schema';
import type { RobotRow } from '../store/schema';
import { adjustUnitsFrom } from './rollups';
import type { Model } from './vocabulary';

/**
 * A robot's model over time (D12): the model in force at a moment is the one set by the latest
 * change at or before it; before the first change (or with none) it is the robot's first model.
 */
export interface ModelHistory {
  first: Model;
  changes: { at: number; model: Model }[];
}

export function modelHistory(ctx: SandboxContext, robot: Pick<RobotRow, 'id' | 'model'>): ModelHistory {
  const rows = ctx.store.db
    .select()
    .from(robotModelChanges)
    .where(eq(robotModelChanges.robotId, robot.id))
    .orderBy(asc(robotModelChanges.changedAt), asc(robotModelChanges.seq))
    .all();
  const first = rows[0]?.fromModel ?? robot.model;
  return { first, changes: rows.map((row) => ({ at: row.changedAt, model: row.toModel })) };
}

/** A change takes effect at its own instant: a message at exactly `changed_at` has the new model. */
export function modelAt(history: ModelHistory, at: number): Model {
  let model = history.first;
  for (const change of history.changes) {
    if (change.at > at) break;
    model = change.model;
  }
  return model;
}

/**
 * Records a model change at `at` (the sandbox clock's now for a panel PATCH). Messages already
 * stored at or after `at` (dated in the future when they were posted) are re-priced, so the
 * roll-ups never disagree with the history. Setting the model it already has records nothing.
 */
export function recordModelChange(ctx: SandboxContext, robot: RobotRow, to: Model, at: number): void {
  if (robot.model === to) return;
  ctx.store.db.insert(robotModelChanges).values({ robotId: robot.id, changedAt: at, fromModel: robot.model, toModel: to }).run();
  adjustUnitsFrom(ctx, robot.id, at, to);
}
