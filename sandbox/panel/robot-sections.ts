import type { Account, RobotDetail } from '../control-client/types';
import { PANEL_CHANNEL_TYPES } from '../domain/panel-robots';
import { MODELS } from '../domain/vocabulary';
import { PANEL } from './context';
import { csrfInput, one, problemBox, selectField, textField, valueOf, type FormState } from './forms';
import { html, type Html } from './html';

interface RobotsInput {
  account: Account;
  robots: RobotDetail[];
  csrf: string;
  state: FormState | undefined;
}

function channelsTable(account: Account, robot: RobotDetail, csrf: string): Html {
  if (robot.channels.length === 0) return html`<p>No channels.</p>`;
  return html`<table><caption>Channels of ${robot.name}</caption>
<thead><tr><th scope="col">Type</th><th scope="col">State</th><th scope="col">Username</th><th scope="col">Connected at</th><th scope="col">Remove</th></tr></thead><tbody>
${robot.channels.map(
  (
    channel,
  ) => html`<tr><td><code>${channel.type}</code></td><td>${channel.status}${channel.is_active ? ' (active)' : ' (inactive)'}</td><td>${channel.username ?? '–'}</td><td>${channel.connected_at ?? '–'}</td>
<td><form class="inline" method="post" action="${PANEL}/accounts/${account.account_id}/channels/${channel.id}/remove">${csrfInput(csrf)}<button type="submit">Remove ${channel.type} channel<span class="visually-hidden"> of ${robot.name}</span></button></form></td></tr>`,
)}</tbody></table>`;
}

function robotBlock(account: Account, robot: RobotDetail, csrf: string, state: FormState | undefined): Html {
  const edit = `robot-${robot.id}`;
  const add = `channel-${robot.id}`;
  const addActive = state?.form === add ? one(state.values, 'is_active') === 'true' : true;
  return html`<article aria-labelledby="${edit}-heading"><h3 id="${edit}-heading">${robot.name} <small><code>${robot.id}</code>, created ${robot.created_at}</small></h3>
${problemBox(state, edit)}
<form method="post" action="${PANEL}/accounts/${account.account_id}/robots/${robot.id}" novalidate>${csrfInput(csrf)}
<div class="row">
${textField({ form: edit, name: 'name', label: 'Name', value: valueOf(state, edit, 'name', robot.name), state, required: true })}
${textField({ form: edit, name: 'external_id', label: 'External id', value: valueOf(state, edit, 'external_id', robot.external_id ?? ''), state, hint: 'Empty clears it.' })}
${selectField({ form: edit, name: 'model', label: 'Model', value: valueOf(state, edit, 'model', robot.model), options: MODELS, state })}
</div><button type="submit">Save robot</button></form>
${channelsTable(account, robot, csrf)}
${problemBox(state, add)}
<form method="post" action="${PANEL}/accounts/${account.account_id}/robots/${robot.id}/channels" novalidate>${csrfInput(csrf)}
<fieldset><legend>Add a panel-only channel</legend><div class="row">
${selectField({ form: add, name: 'type', label: 'Type', value: valueOf(state, add, 'type', 'widget'), options: PANEL_CHANNEL_TYPES, state })}
${textField({ form: add, name: 'username', label: 'Username', value: valueOf(state, add, 'username', ''), state, hint: 'Optional.' })}
<div class="field"><label><input type="checkbox" name="is_active" value="true"${addActive ? html` checked` : ''}> Active (needs a free slot and a live plan)</label></div>
</div><button type="submit">Add channel</button></fieldset></form></article>`;
}

export function robotsSection({ account, robots, csrf, state }: RobotsInput): Html {
  const f = 'robot-create';
  return html`<section aria-labelledby="robots"><h2 id="robots">Robots</h2>
${problemBox(state, 'channel-remove')}
${problemBox(state, f)}
<form method="post" action="${PANEL}/accounts/${account.account_id}/robots" novalidate>${csrfInput(csrf)}
<fieldset><legend>Create a robot</legend><div class="row">
${textField({ form: f, name: 'name', label: 'Name', value: valueOf(state, f, 'name', ''), state, required: true })}
${textField({ form: f, name: 'external_id', label: 'External id', value: valueOf(state, f, 'external_id', ''), state, hint: 'Optional; returned on every webhook event.' })}
${selectField({ form: f, name: 'model', label: 'Model', value: valueOf(state, f, 'model', 'standard'), options: MODELS, state })}
</div><button type="submit">Create robot</button></fieldset></form>
${robots.length === 0 ? html`<p>No robots yet.</p>` : robots.map((robot) => robotBlock(account, robot, csrf, state))}
</section>`;
}
