import { bigint, bigserial, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

// Alerts: where they go, the incidents they report and each one sent (part of the one schema,
// re-exported by schema.ts). Instants are epoch ms.

export const ALERT_DESTINATION_KINDS = ['webhook', 'email'] as const;
export type AlertDestinationKind = (typeof ALERT_DESTINATION_KINDS)[number];

/** Where alerts go. The URL or address list is encrypted like the API key (lib/connection/secret-box.ts). */
export const alertDestinations = pgTable('alert_destinations', {
  id: serial('id').primaryKey(),
  kind: text('kind').$type<AlertDestinationKind>().notNull(),
  name: text('name').notNull(),
  /** The sealed URL (webhook) or comma-separated addresses (email). */
  target: text('target').notNull(),
  /** What may be shown of the target: the URL's host, or the addresses. */
  shown: text('shown').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  /** Since when sends to it fail; null while it takes them. */
  failingSince: bigint('failing_since', { mode: 'number' }),
  lastError: text('last_error'),
  lastSentAt: bigint('last_sent_at', { mode: 'number' }),
});

export const INCIDENT_STATES = ['open', 'acknowledged', 'resolved'] as const;
export type IncidentState = (typeof INCIDENT_STATES)[number];

/**
 * One thing going wrong, from the moment the overview first listed it until it no longer does.
 * At most one incident per key is not resolved (a unique index), so instances evaluating at once
 * open it once.
 */
export const incidents = pgTable(
  'incidents',
  {
    id: serial('id').primaryKey(),
    /** What is wrong, and for which part: `deliveries_failing`, `channels_off:plan_lapsed`, `silence`… */
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    state: text('state').$type<IncidentState>().notNull(),
    openedAt: bigint('opened_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
    resolvedAt: bigint('resolved_at', { mode: 'number' }),
    acknowledgedBy: text('acknowledged_by'),
    acknowledgedAt: bigint('acknowledged_at', { mode: 'number' }),
    /** The facts as last evaluated (JSON): what the alert says. */
    facts: text('facts').notNull(),
    /** A digest of the facts that matter: when it changes, the incident is updated. */
    digest: text('digest').notNull(),
  },
  (t) => [
    uniqueIndex('incidents_live_key')
      .on(t.key)
      .where(sql`${t.state} <> 'resolved'`),
    index('incidents_opened').on(t.openedAt),
  ],
);

/** An incident's history: opened, updated, acknowledged, resolved, alerts sent, held or failed. */
export const incidentEvents = pgTable(
  'incident_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    incidentId: integer('incident_id').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
    what: text('what').notNull(),
    actor: text('actor').notNull(),
    detail: text('detail'),
  },
  (t) => [index('incident_events_incident').on(t.incidentId, t.at)],
);

export const ALERT_SEND_STATES = ['pending', 'sent', 'failed', 'held'] as const;
export type AlertSendState = (typeof ALERT_SEND_STATES)[number];

/**
 * One alert to one destination. Unique per incident, destination and occasion, so however many
 * instances evaluate, each alert is queued once; a sender claims a row before posting it.
 */
export const alertSends = pgTable(
  'alert_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    incidentId: integer('incident_id').notNull(),
    destinationId: integer('destination_id').notNull(),
    /** `opened`, `reminder:<n>`, `resolved`. */
    occasion: text('occasion').notNull(),
    payload: text('payload').notNull(),
    state: text('state').$type<AlertSendState>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAt: bigint('next_at', { mode: 'number' }).notNull(),
    /** Set while a sender posts it, so another does not take it too. */
    claimedUntil: bigint('claimed_until', { mode: 'number' }),
    lastError: text('last_error'),
    sentAt: bigint('sent_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('alert_sends_once').on(t.incidentId, t.destinationId, t.occasion), index('alert_sends_due').on(t.state, t.nextAt)],
);

/** A maintenance window: alerts for the account, or one robot, are held (listed, not sent) until it ends. */
export const alertMutes = pgTable('alert_mutes', {
  id: serial('id').primaryKey(),
  /** Null for the whole account. */
  robotId: text('robot_id'),
  startsAt: bigint('starts_at', { mode: 'number' }).notNull(),
  endsAt: bigint('ends_at', { mode: 'number' }).notNull(),
  reason: text('reason').notNull(),
  createdBy: text('created_by').notNull(),
});
