import { PANEL, render, type PanelContext } from './context';
import { html, type Html } from './html';

export interface ShownOnce {
  label: string;
  value: string;
}

/**
 * Keys and webhook secrets are shown on the answer to the POST that made them and nowhere else
 * (D5: shown once, only an HMAC is stored), so the page is not a redirect target and never cached.
 */
export function secretPage(
  c: PanelContext,
  o: { title: string; intro: Html | string; secrets: ShownOnce[]; note?: string; accountId: string },
) {
  const body = html`<p>${o.intro}</p>
<section class="secret" aria-labelledby="secret-heading"><h2 id="secret-heading">Copy it now: it is not shown again</h2>
${o.secrets.map((secret, i) => html`<p><strong id="secret-label-${i}">${secret.label}</strong><code aria-labelledby="secret-label-${i}">${secret.value}</code></p>`)}
${o.note ? html`<p>${o.note}</p>` : ''}
<p>This page is the only place it appears: reloading will not show it again. A lost key or secret is rotated, never recovered (only an HMAC of the key is stored, D5).</p></section>
<p><a href="${PANEL}/accounts/${o.accountId}">Continue to the account</a></p>`;
  return render(c, { title: o.title, body }, 200);
}
