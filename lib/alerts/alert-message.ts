import type { IncidentFacts } from './incident-facts';

/** How one send went, as the outbox and the destination record it. */
export type SendOutcome = { ok: true } | { ok: false; error: string };

/**
 * The JSON an alert posts. `text` is what Slack's and Teams' incoming webhooks show; the other
 * fields are for any JSON receiver (an on-call tool, a script), named as the Partner API names
 * things (snake_case, `external_id`).
 */
export type AlertMessage = {
  text: string;
  occasion: 'opened' | 'reminder' | 'resolved' | 'test';
  incident_id: number | null;
  kind: string;
  title: string;
  since: string | null;
  status_codes: number[];
  reason: string | null;
  robots: { id: string; name: string | null; external_id: string | null }[];
  robots_total: number;
  customers: string[];
  customers_total: number;
  link: string;
  sent_at: string;
};

const OCCASION_WORDS: Record<AlertMessage['occasion'], string> = {
  opened: 'New',
  reminder: 'Still going',
  resolved: 'Resolved',
  test: 'Test',
};

export function alertMessage(input: {
  fact: IncidentFacts;
  occasion: string;
  incidentId: number | null;
  origin: string;
  now: number;
}): AlertMessage {
  const { fact } = input;
  const occasion: AlertMessage['occasion'] = input.occasion.startsWith('reminder')
    ? 'reminder'
    : (input.occasion as AlertMessage['occasion']);
  const link = new URL(fact.path, input.origin).toString();
  const named = fact.robots.map((r) => r.name ?? r.id);
  const parts = [
    `[${OCCASION_WORDS[occasion]}] ${fact.title}`,
    fact.since ? `since ${fact.since}` : null,
    fact.statusCodes.length > 0 ? `HTTP ${fact.statusCodes.join(', ')}` : null,
    fact.reason ? `reason: ${fact.reason}` : null,
    named.length > 0
      ? `robots: ${named.join(', ')}${fact.robotsTotal > named.length ? ` and ${fact.robotsTotal - named.length} more` : ''}`
      : null,
    fact.customers.length > 0
      ? `customers: ${fact.customers.join(', ')}${fact.customersTotal > fact.customers.length ? ` and ${fact.customersTotal - fact.customers.length} more` : ''}`
      : null,
    link,
  ];
  return {
    text: parts.filter((p): p is string => p !== null).join(' · '),
    occasion,
    incident_id: input.incidentId,
    kind: fact.kind,
    title: fact.title,
    since: fact.since,
    status_codes: fact.statusCodes,
    reason: fact.reason,
    robots: fact.robots.map((r) => ({ id: r.id, name: r.name, external_id: r.externalId })),
    robots_total: fact.robotsTotal,
    customers: fact.customers,
    customers_total: fact.customersTotal,
    link,
    sent_at: new Date(input.now).toISOString(),
  };
}
