import { bigint, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

// Usage per UTC day (part of the one schema, re-exported by schema.ts). A day is read from the API
// once it is closed (ended more than two hours ago: a reply can wait that long in the queue) and
// never changes after, so each is asked for once and kept.

/** One robot's activity on one closed day; robots with no activity that day have no row. */
export const usageDays = pgTable(
  'usage_days',
  {
    /** The UTC day, `YYYY-MM-DD`. */
    day: text('day').notNull(),
    robotId: text('robot_id').notNull(),
    client: integer('client').notNull(),
    ai: integer('ai').notNull(),
    operator: integer('operator').notNull(),
    messages: integer('messages').notNull(),
    units: integer('units').notNull(),
    conversations: integer('conversations').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.robotId] }), index('usage_days_robot').on(t.robotId, t.day)],
);

/** A closed day read whole (every page, every robot): its rows in `usage_days` are the day's figures. */
export const usageDaysRead = pgTable('usage_days_read', {
  day: text('day').primaryKey(),
  /** Robots the API listed for the day (with activity or not). */
  robots: integer('robots').notNull(),
  calls: integer('calls').notNull(),
  /** Epoch ms. */
  readAt: bigint('read_at', { mode: 'number' }).notNull(),
});

export const THRESHOLD_SCOPES = ['account', 'robot', 'customer'] as const;
export type ThresholdScope = (typeof THRESHOLD_SCOPES)[number];

/** A monthly units threshold an admin set: for the account, one robot or one customer (`external_id`). */
export const usageThresholds = pgTable(
  'usage_thresholds',
  {
    id: serial('id').primaryKey(),
    scope: text('scope').$type<ThresholdScope>().notNull(),
    /** The robot id or the `external_id`; empty for the account. */
    scopeId: text('scope_id').notNull(),
    monthlyUnits: integer('monthly_units').notNull(),
    setBy: text('set_by').notNull(),
    /** Epoch ms. */
    setAt: bigint('set_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('usage_thresholds_scope').on(t.scope, t.scopeId)],
);
