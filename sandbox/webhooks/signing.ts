import { Webhook } from 'standardwebhooks';
import type { AccountRow } from '../store/schema';

/**
 * D16 headers of one attempt. `wallMs` is real time (never the sandbox clock) so a receiver's
 * timestamp tolerance holds however far the clock was advanced; `sandboxNowMs` only decides
 * whether the previous secret is still inside its 24 h overlap (kept on the sandbox clock).
 * Custom headers go in after the user agent (which they may replace) and before content type,
 * token and signature headers, which none of them can replace.
 */
export function deliveryHeaders(
  account: Pick<
    AccountRow,
    'webhookSecret' | 'previousWebhookSecret' | 'previousWebhookSecretUntil' | 'webhookAuthToken' | 'webhookCustomHeaders'
  >,
  webhookId: string,
  body: string,
  wallMs: number,
  sandboxNowMs: number,
): Record<string, string> {
  const timestamp = new Date(Math.floor(wallMs / 1000) * 1000);
  const secrets = [account.webhookSecret];
  if (
    account.previousWebhookSecret !== null &&
    account.previousWebhookSecretUntil !== null &&
    account.previousWebhookSecretUntil > sandboxNowMs
  ) {
    secrets.push(account.previousWebhookSecret);
  }
  const signature = secrets.map((secret) => new Webhook(secret).sign(webhookId, timestamp, body)).join(' ');

  const headers: Record<string, string> = { 'user-agent': 'partner-api-sandbox-webhooks/1' };
  for (const [name, value] of Object.entries(account.webhookCustomHeaders)) headers[name.toLowerCase()] = value;
  headers['content-type'] = 'application/json';
  headers['webhook-id'] = webhookId;
  headers['webhook-timestamp'] = String(timestamp.getTime() / 1000);
  headers['webhook-signature'] = signature;
  if (account.webhookAuthToken !== null) headers['x-webhook-token'] = account.webhookAuthToken;
  return headers;
}
