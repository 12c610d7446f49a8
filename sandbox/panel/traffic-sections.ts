import type { Account, ClockReading, Simulator } from '../control-client/types';
import { PANEL } from './context';
import { csrfInput, problemBox, selectField, textField, valueOf, type FormState } from './forms';
import { html, type Html } from './html';

export const CLOCK_UNITS = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 } as const;
export type ClockUnit = keyof typeof CLOCK_UNITS;

export function trafficSection(o: {
  account: Account;
  simulator: Simulator | undefined;
  csrf: string;
  state: FormState | undefined;
}): Html {
  const { account, simulator, csrf, state } = o;
  const base = `${PANEL}/accounts/${account.account_id}`;
  return html`<section aria-labelledby="traffic"><h2 id="traffic">Simulated traffic</h2>
${problemBox(state, 'history')}
<form method="post" action="${base}/history" novalidate>${csrfInput(csrf)}
<fieldset><legend>Simulate history</legend><p class="hint">Adds past conversations to every robot of the account (no webhook events: it is history). Repeating adds more.</p><div class="row">
${textField({ form: 'history', name: 'days', label: 'Days', type: 'number', value: valueOf(state, 'history', 'days', '90'), state, hint: '1 to 366.' })}
${textField({ form: 'history', name: 'seed', label: 'Seed', type: 'number', value: valueOf(state, 'history', 'seed', '1'), state, hint: 'Same seed, same history.' })}
</div><button type="submit">Simulate history</button></fieldset></form>
${problemBox(state, 'simulator')}
<p>Live simulator: <strong>${simulator ? `running every ${simulator.interval_seconds} s (${simulator.steps} steps, ${simulator.open_conversations} open conversations)` : 'stopped'}</strong>.</p>
<form method="post" action="${base}/simulator" novalidate>${csrfInput(csrf)}
${textField({ form: 'simulator', name: 'interval_seconds', label: 'Interval (seconds)', type: 'number', value: valueOf(state, 'simulator', 'interval_seconds', String(simulator?.interval_seconds ?? 5)), state, hint: '1 to 3600; wall time.' })}
<button type="submit" name="enabled" value="true">${simulator ? 'Change interval' : 'Start simulator'}</button>${simulator ? html` <button type="submit" name="enabled" value="false">Stop simulator</button>` : ''}</form>
</section>`;
}

/** The clock block of the account page and the clock page; advancing returns to `returnTo`. */
export function clockSection(o: { clock: ClockReading; csrf: string; state: FormState | undefined; returnTo: string }): Html {
  const f = 'clock';
  return html`<section aria-labelledby="clock"><h2 id="clock">Sandbox clock</h2>
<dl><dt>Sandbox now</dt><dd><time datetime="${o.clock.now}">${o.clock.now}</time></dd><dt>Offset from wall time</dt><dd>${o.clock.offset_seconds} s</dd></dl>
<p class="hint">The clock only moves forward (D22); work falling due (retries, expiries, the reply queue) runs right after an advance.</p>
${problemBox(o.state, f)}
<form method="post" action="${PANEL}/clock/advance" novalidate>${csrfInput(o.csrf)}<input type="hidden" name="return_to" value="${o.returnTo}">
<div class="row">${textField({ form: f, name: 'amount', label: 'Advance by', type: 'number', value: valueOf(o.state, f, 'amount', '1'), state: o.state })}
${selectField({ form: f, name: 'unit', label: 'Unit', value: valueOf(o.state, f, 'unit', 'hours'), options: Object.keys(CLOCK_UNITS), state: o.state })}</div>
<button type="submit">Advance the clock</button></form></section>`;
}
