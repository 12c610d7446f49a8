import { escapeHtml } from '../http/html';

// The reference page's webhook parts: the events the document lists under `webhooks`, and how a
// receiver checks a delivery, which is the first thing an integrator gets wrong.

type Obj = Record<string, unknown>;
const asObj = (value: unknown): Obj | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : undefined;

/** A schema's example as an indented, escaped JSON block; nothing when it has none. */
export function exampleBlock(schema: Obj): string {
  if (schema.example === undefined) return '';
  return `<details><summary>Example</summary><pre><code>${escapeHtml(JSON.stringify(schema.example, null, 2))}</code></pre></details>`;
}

export function webhooksSection(webhooks: unknown): string {
  const entries = Object.entries(asObj(webhooks) ?? {});
  if (entries.length === 0) return '';
  const rows = entries.map(([type, raw]) => {
    const post = asObj(asObj(raw)?.post) ?? {};
    const ref = String(asObj(asObj(asObj(asObj(post.requestBody)?.content)?.['application/json'])?.schema)?.$ref ?? '');
    const name = ref.split('/').pop() ?? '';
    return `<tr><td><code>${escapeHtml(type)}</code></td><td>${escapeHtml(String(post.summary ?? ''))}</td><td><a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a></td></tr>`;
  });
  return `<section id="webhooks"><h2>Webhooks</h2>
<p>The service POSTs each event to the webhook URL set in the panel, with headers <code>webhook-id</code> (the event id, the same on every attempt),
<code>webhook-timestamp</code> (Unix seconds, real time), <code>webhook-signature</code> (Standard Webhooks, <code>v1,</code> + base64 HMAC-SHA256),
<code>X-Webhook-Token</code> (the auth token set in the panel) and the custom headers set there. Answer 2xx within 15 s; anything else is retried.</p>
<table><thead><tr><th>Event type</th><th>What happened</th><th>Payload</th></tr></thead><tbody>${rows.join('')}</tbody></table>
<h3 id="verify">Verify a delivery</h3>
<p>Check the signature on the raw body, before parsing it, with the <code>standardwebhooks</code> package and the account's webhook secret (<code>whsec_…</code>, shown once in the panel); then check the auth token, and drop an event whose <code>webhook-id</code> you have already handled (a retry) or whose <code>data.test</code> is true.</p>
<pre><code>${escapeHtml(`import { Webhook } from 'standardwebhooks';

// body: the request body as received (a string or Buffer), not re-serialised JSON.
const event = new Webhook(process.env.WEBHOOK_SECRET).verify(body, {
  'webhook-id': headers['webhook-id'],
  'webhook-timestamp': headers['webhook-timestamp'],
  'webhook-signature': headers['webhook-signature'],
}); // throws when the signature or the timestamp (5 min tolerance) is wrong
if (headers['x-webhook-token'] !== process.env.WEBHOOK_TOKEN) reject();`)}</code></pre></section>`;
}
