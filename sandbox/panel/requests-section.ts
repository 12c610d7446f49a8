import type { LoggedRequest } from '../control-client/types';
import { html, type Html } from './html';

/** Shown on the account page; the control API keeps more, the command line shows them all. */
export const PANEL_REQUESTS = 20;

/** The account's most recent /v1 requests, to see what an integration just did without its logs. */
export function requestsSection(requests: LoggedRequest[]): Html {
  const rows = requests.map(
    (r) =>
      html`<tr><td><time datetime="${r.at}">${r.at}</time></td><td>${r.method}</td><td><code>${r.path}</code></td><td>${String(r.status)}</td><td>${String(r.duration_ms)} ms</td><td><code>${r.request_id ?? '–'}</code></td></tr>`,
  );
  return html`<section aria-labelledby="requests"><h2 id="requests">Recent requests</h2>
<p class="hint">The last ${String(PANEL_REQUESTS)} /v1 calls made with this account's key, newest first (sandbox time). Kept in memory: a restart forgets them. Query values are never kept.</p>
${
  requests.length === 0
    ? html`<p>No requests yet.</p>`
    : html`<table><thead><tr><th scope="col">At</th><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Status</th><th scope="col">Duration</th><th scope="col">Request id</th></tr></thead><tbody>${rows}</tbody></table>`
}</section>`;
}
