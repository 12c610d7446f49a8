import type { AccountClockReading } from '../control-client/types';
import { PANEL } from './context';
import { csrfInput, problemBox, selectField, textField, valueOf, type FormState } from './forms';
import { html, type Html } from './html';
import { CLOCK_UNITS } from './traffic-sections';

export const accountPath = (accountId: string) => `${PANEL}/accounts/${encodeURIComponent(accountId)}`;

/** The account's own clock on its page: whose time it follows, and a jump of its time alone. */
export function accountClockSection(o: { clock: AccountClockReading; csrf: string; state: FormState | undefined }): Html {
  const f = 'account-clock';
  const { clock } = o;
  return html`<section aria-labelledby="account-clock"><h2 id="account-clock">This account's clock</h2>
<dl><dt>Account now</dt><dd><time datetime="${clock.now}">${clock.now}</time></dd>
<dt>Ahead of the sandbox clock</dt><dd>${clock.own_clock ? `${clock.offset_seconds} s (a clock of its own)` : '0 s (follows the sandbox clock)'}</dd></dl>
<p class="hint">Advancing this account's clock moves only its time: its handshakes expire, its retries and queued replies fall due, and no other account notices. Advancing the sandbox clock below moves every account.</p>
${problemBox(o.state, f)}
<form method="post" action="${accountPath(clock.account_id)}/clock/advance" novalidate>${csrfInput(o.csrf)}
<div class="row">${textField({ form: f, name: 'amount', label: "Advance this account's clock by", type: 'number', value: valueOf(o.state, f, 'amount', '1'), state: o.state })}
${selectField({ form: f, name: 'unit', label: 'Unit', value: valueOf(o.state, f, 'unit', 'hours'), options: Object.keys(CLOCK_UNITS), state: o.state })}</div>
<button type="submit">Advance this account's clock</button></form></section>`;
}

/** Deleting the account: typed confirmation, since nothing can be recovered. */
export function deleteSection(o: { accountId: string; csrf: string; state: FormState | undefined }): Html {
  const f = 'delete';
  return html`<section aria-labelledby="delete"><h2 id="delete">Delete the account</h2>
<p>Deletes the account with everything it owns: robots, channels, handshakes, conversations, events, deliveries, attachments and usage. Its key answers 401 at once. Nothing can be recovered.</p>
${problemBox(o.state, f)}
<form method="post" action="${accountPath(o.accountId)}/delete" novalidate>${csrfInput(o.csrf)}
${textField({ form: f, name: 'confirm', label: `Type the account id (${o.accountId}) to confirm`, value: valueOf(o.state, f, 'confirm', ''), state: o.state, required: true })}
<button type="submit">Delete this account</button></form></section>`;
}
