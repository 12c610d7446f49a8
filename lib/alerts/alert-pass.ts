import 'server-only';
import { getEnv } from '@/lib/config/env';
import { attentionItems } from '@/lib/overview/attention';
import type { AlertMessage, SendOutcome } from './alert-message';
import { destinationForSending, noteDestinationOutcome } from './destinations';
import { incidentFacts } from './incident-facts';
import { evaluateIncidents, type Evaluation } from './incidents';
import { postingPolicy } from './posting-policy';
import { postJson, type PostResult } from './safe-post';
import { claimDueAlerts, noteSendOutcome } from './sends';

/** Alerts name this many robots and customers, and say how many more. */
export const NAMED_IN_ALERTS = 20;

/** Posts one alert where the admin pointed it, under the deployment's posting policy (docs/dashboard/alert-destinations-safety.md). */
export async function deliverAlert(target: string, message: AlertMessage | Record<string, unknown>): Promise<PostResult> {
  return postJson(target, message, postingPolicy(getEnv()));
}

/** Sends what is due; each alert is claimed first, so two senders never post one twice. */
export async function sendDueAlerts(now = Date.now()): Promise<{ sent: number; failed: number }> {
  const tally = { sent: 0, failed: 0 };
  for (const send of await claimDueAlerts(now)) {
    const destination = await destinationForSending(send.destinationId);
    const result: PostResult = destination
      ? await deliverAlert(destination.target, JSON.parse(send.payload) as Record<string, unknown>)
      : { ok: false, reason: 'bad_url', message: 'The destination is gone or was sealed under another AUTH_SECRET.' };
    const outcome: SendOutcome = result.ok ? { ok: true } : { ok: false, error: result.message };
    await noteSendOutcome(send, outcome, Date.now());
    if (destination) await noteDestinationOutcome(destination.id, outcome);
    tally[result.ok ? 'sent' : 'failed'] += 1;
  }
  return tally;
}

/** One pass: what the overview lists becomes incidents (opened, updated, resolved), then due alerts go. */
export async function alertPass(now = Date.now()): Promise<Evaluation & { sent: number; failed: number }> {
  const facts = incidentFacts(await attentionItems(now, NAMED_IN_ALERTS), NAMED_IN_ALERTS);
  const evaluation = await evaluateIncidents(facts, now);
  return { ...evaluation, ...(await sendDueAlerts(now)) };
}
