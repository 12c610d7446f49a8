import type { Account, ClockReading } from '../control-client/types';
import { ATTACHMENT_KINDS, ROLES, TIERS } from '../domain/vocabulary';
import { PANEL } from './context';
import { all, checkboxGroup, csrfInput, problemBox, selectField, textField, valueOf, type FormState } from './forms';
import { html, type Html } from './html';
import { webhookFields } from './webhook-fields';

export interface SectionInput {
  account: Account;
  clock: ClockReading;
  csrf: string;
  state: FormState | undefined;
}

const retentionText = (months: number | null) => (months === null ? 'without limit' : `${months} months`);

const action = (account: Account, path: string) => `${PANEL}/accounts/${account.account_id}/${path}`;

export function planSection({ account, csrf, state }: SectionInput): Html {
  const f = 'plan';
  return html`<section aria-labelledby="plan"><h2 id="plan">Plan</h2>
<p>${account.active_channels} of ${account.capacity} channel slots in use.</p>
<p>Conversation history is kept ${retentionText(account.history_retention_months)}: the longer retention of the subscriptions held applies (decision 0026).</p>
${problemBox(state, f)}
<form method="post" action="${action(account, 'plan')}" novalidate>${csrfInput(csrf)}
${textField({ form: f, name: 'name', label: 'Account name', value: valueOf(state, f, 'name', account.name), state, required: true })}
${selectField({ form: f, name: 'tier', label: 'Tier', value: valueOf(state, f, 'tier', account.tier), options: TIERS, state })}
${selectField({ form: f, name: 'standard_plan', label: 'Standard subscription (at the tier above)', value: valueOf(state, f, 'standard_plan', account.standard_plan ? 'held' : 'none'), options: ['held', 'none'], state })}
${selectField({ form: f, name: 'social_dm_tier', label: 'Social-DM subscription', value: valueOf(state, f, 'social_dm_tier', account.social_dm_tier ?? 'none'), options: ['none', ...TIERS], state })}
${textField({ form: f, name: 'capacity', label: 'Channel capacity', type: 'number', value: valueOf(state, f, 'capacity', String(account.capacity)), state, hint: 'Lowering it below the active count leaves those channels on.' })}
${textField({ form: f, name: 'rate_limit_per_minute', label: 'Rate limit (requests per minute)', type: 'number', value: valueOf(state, f, 'rate_limit_per_minute', String(account.rate_limit_per_minute)), state })}
<button type="submit">Save plan</button></form>
<h3 id="lapse">Lapse</h3>
${problemBox(state, 'lapse')}
<p>The plan is <strong>${account.lapsed ? 'lapsed' : 'live'}</strong>. ${account.lapsed ? 'Renewing leaves every channel off: the partner re-enables each one (PATCH, with the capacity check).' : 'Lapsing turns every channel off (is_active false); reads keep working, enabling or connecting answers 403 plan_lapsed (D6).'}</p>
<form method="post" action="${action(account, 'lapse')}">${csrfInput(csrf)}<input type="hidden" name="lapsed" value="${account.lapsed ? 'false' : 'true'}">
<button type="submit">${account.lapsed ? 'Renew the plan' : 'Lapse the plan'}</button></form>
</section>`;
}

export function rolesSection({ account, csrf, state }: SectionInput): Html {
  return html`<section aria-labelledby="roles"><h2 id="roles">Roles</h2>
${problemBox(state, 'roles')}
<p class="hint">Checked on every /v1 request; granting or revoking does not change the key.</p>
<table><thead><tr><th scope="col">Role</th><th scope="col">Granted</th><th scope="col">Change</th></tr></thead><tbody>
${ROLES.map((role) => {
  const granted = account.roles.includes(role);
  return html`<tr><td><code>${role}</code></td><td>${granted ? 'yes' : 'no'}</td><td>
<form class="inline" method="post" action="${action(account, 'roles')}">${csrfInput(csrf)}<input type="hidden" name="role" value="${role}"><input type="hidden" name="grant" value="${granted ? 'false' : 'true'}">
<button type="submit">${granted ? 'Revoke' : 'Grant'} ${role}</button></form></td></tr>`;
})}
</tbody></table></section>`;
}

export function keySection({ account, clock, csrf, state }: SectionInput): Html {
  const f = 'key-expiry';
  const expired = account.key_expires_at !== null && Date.parse(account.key_expires_at) <= Date.parse(clock.now);
  return html`<section aria-labelledby="key"><h2 id="key">API key</h2>
<dl><dt>Created</dt><dd>${account.key_created_at}</dd>
<dt>Expires</dt><dd>${account.key_expires_at ?? 'never'}${expired ? html` <strong>(expired on the sandbox clock: the key answers 401)</strong>` : ''}</dd></dl>
${problemBox(state, f)}
<form method="post" action="${action(account, 'key-expiry')}" novalidate>${csrfInput(csrf)}
${textField({ form: f, name: 'key_expires_at', label: 'Key expires at', value: valueOf(state, f, 'key_expires_at', account.key_expires_at ?? ''), state, hint: `RFC 3339 on the sandbox clock, e.g. 2026-10-14T12:00:00Z (YYYY-MM-DDTHH:MM is read as UTC). Sandbox now: ${clock.now}.` })}
<button type="submit">Set expiry</button> <button type="submit" name="clear" value="1">Clear expiry</button></form>
${problemBox(state, 'key-rotate')}
<form method="post" action="${action(account, 'keys/rotate')}">${csrfInput(csrf)}
<p>Rotating issues a new key, shown once; the current key answers 401 from then on, and any expiry is cleared.</p>
<button type="submit">Rotate key</button></form></section>`;
}

export function returnUrlSection({ account, csrf, state }: SectionInput): Html {
  const f = 'return-url';
  return html`<section aria-labelledby="return-url"><h2 id="return-url">Return URL</h2>
${problemBox(state, f)}
<form method="post" action="${action(account, 'return-url')}" novalidate>${csrfInput(csrf)}
${textField({ form: f, name: 'return_url', label: 'Return URL', type: 'url', value: valueOf(state, f, 'return_url', account.return_url ?? ''), state, hint: "Where the page owner lands after a social-DM handshake (D9). Empty: the sandbox's own done screen." })}
<button type="submit">Save return URL</button></form></section>`;
}

export function webhookSection({ account, csrf, state }: SectionInput): Html {
  const stored = account.webhook
    ? { url: account.webhook.url, auth_token: account.webhook.auth_token ?? '', custom_headers: account.webhook.custom_headers }
    : null;
  return html`<section aria-labelledby="webhook"><h2 id="webhook">Webhook</h2>
${problemBox(state, 'webhook')}
<form method="post" action="${action(account, 'webhook')}" novalidate>${csrfInput(csrf)}
${webhookFields('webhook', state, stored)}
<button type="submit">Save webhook</button>${account.webhook ? html` <button type="submit" name="remove" value="1">Remove webhook</button>` : ''}</form>
<h3>Signing secret</h3>
${problemBox(state, 'secret-rotate')}
<form method="post" action="${action(account, 'webhook-secret/rotate')}">${csrfInput(csrf)}
<p>Rotation shows the new secret once. For 24 hours every delivery carries both signatures, the previous secret's and the new one's (D24), so receivers can switch without dropping events.</p>
<button type="submit">Rotate webhook secret</button></form></section>`;
}

export function attachmentsSection({ account, csrf, state }: SectionInput): Html {
  const f = 'attachments';
  const checked = state?.form === f ? all(state.values, 'excluded_attachment_kinds') : account.excluded_attachment_kinds;
  return html`<section aria-labelledby="attachments"><h2 id="attachments">Attachments</h2>
${problemBox(state, f)}
<form method="post" action="${action(account, 'attachments')}">${csrfInput(csrf)}
${checkboxGroup({ form: f, name: 'excluded_attachment_kinds', legend: 'Kinds the agreement excludes', options: ATTACHMENT_KINDS, checked, state, hint: 'An upload of an excluded kind answers 403 attachment_not_in_plan.' })}
<button type="submit">Save exclusions</button></form></section>`;
}
