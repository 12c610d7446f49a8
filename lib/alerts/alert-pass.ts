import 'server-only';
import { getEnv } from '@/lib/config/env';
import { attentionItems } from '@/lib/overview/attention';
import type { AlertMessage, SendOutcome } from './alert-message';
import { destinationForSending, noteDestinationOutcome } from './destinations';
import { incidentFacts, type IncidentFacts } from './incident-facts';
import { serviceClockNow } from '@/lib/connection/service-clock';
import { dayOf } from '@/lib/usage-series/days';
import { thresholdFacts } from './threshold-facts';
import { thresholdStandings } from '@/lib/usage-series/thresholds';
import { evaluateIncidents, type Evaluation } from './incidents';
import { postingPolicy } from './posting-policy';
import { postJson } from './safe-post';
import { alertEmail, sendEmail } from './send-email';
import { emailAddresses } from './email-addresses';
import { smtpForSending } from './smtp-settings';
import type { AlertDestinationKind } from '@/lib/db/schema';
import { claimDueAlerts, noteSendOutcome } from './sends';

/** Alerts name this many robots and customers, and say how many more. */
export const NAMED_IN_ALERTS = 20;

export type AlertSendResult = { ok: true; accepted: string } | { ok: false; message: string };

/**
 * Sends one alert where the admin pointed it, under the deployment's posting policy
 * (docs/dashboard/alert-destinations-safety.md): posted to a webhook URL, or mailed through the
 * SMTP server set on Settings to the destination's addresses.
 */
export async function deliverAlert(
  destination: { kind: AlertDestinationKind; target: string },
  message: AlertMessage | Record<string, unknown>,
): Promise<AlertSendResult> {
  const policy = postingPolicy(getEnv());
  if (destination.kind === 'email') {
    const smtp = await smtpForSending();
    if (!smtp) return { ok: false, message: 'No mail server is set for alerts (or its password cannot be read): set SMTP on Settings.' };
    const sent = await sendEmail(smtp, emailAddresses(destination.target), alertEmail(message), policy);
    return sent.ok ? { ok: true, accepted: 'the mail server accepted it' } : sent;
  }
  const posted = await postJson(destination.target, message, policy);
  return posted.ok ? { ok: true, accepted: `it answered HTTP ${posted.status}` } : { ok: false, message: posted.message };
}

/** Sends what is due; each alert is claimed first, so two senders never post one twice. */
export async function sendDueAlerts(now = Date.now()): Promise<{ sent: number; failed: number }> {
  const tally = { sent: 0, failed: 0 };
  for (const send of await claimDueAlerts(now)) {
    const destination = await destinationForSending(send.destinationId);
    const result: AlertSendResult = destination
      ? await deliverAlert(destination, JSON.parse(send.payload) as Record<string, unknown>)
      : { ok: false, message: 'The destination is gone or was sealed under another AUTH_SECRET.' };
    const outcome: SendOutcome = result.ok ? { ok: true } : { ok: false, error: result.message };
    await noteSendOutcome(send, outcome, Date.now());
    if (destination) await noteDestinationOutcome(destination.id, outcome);
    tally[result.ok ? 'sent' : 'failed'] += 1;
  }
  return tally;
}

/** Monthly usage thresholds reached this month (UTC, by the service's clock), as facts. */
async function thresholdFactsNow(now: number): Promise<IncidentFacts[]> {
  const today = dayOf(await serviceClockNow(now));
  return thresholdFacts(await thresholdStandings(today), today.slice(0, 7));
}

/** One pass: what the overview lists becomes incidents (opened, updated, resolved), then due alerts go. */
export async function alertPass(now = Date.now()): Promise<Evaluation & { sent: number; failed: number }> {
  const facts = [...incidentFacts(await attentionItems(now, NAMED_IN_ALERTS), NAMED_IN_ALERTS), ...(await thresholdFactsNow(now))];
  const evaluation = await evaluateIncidents(facts, now);
  return { ...evaluation, ...(await sendDueAlerts(now)) };
}
