import type { Hono } from 'hono';
import { PANEL, csrfOf, pageStatus, render, type PanelContext, type PanelDeps, type PanelEnv } from './context';
import type { Account, NewAccount } from '../control-client/types';
import { ROLES, TIERS } from '../domain/vocabulary';
import {
  all,
  checkboxGroup,
  csrfInput,
  fieldErrors,
  intField,
  one,
  problemBox,
  readForm,
  selectField,
  textField,
  type FormState,
  type FormValues,
} from './forms';
import { html } from './html';
import { secretPage } from './secret-page';
import { webhookFields, webhookFromForm } from './webhook-fields';

function accountsTable(accounts: Account[]) {
  if (accounts.length === 0) return html`<p>No accounts yet. <a href="${PANEL}/accounts/new">Create one</a>.</p>`;
  return html`<table><caption class="visually-hidden">Partner accounts</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Tier</th><th scope="col">Capacity</th><th scope="col">Active channels</th><th scope="col">Lapsed</th><th scope="col">Roles</th><th scope="col">Account id</th></tr></thead>
<tbody>${accounts.map(
    (a) =>
      html`<tr><td><a href="${PANEL}/accounts/${a.account_id}">${a.name}</a></td><td>${a.tier}</td><td>${a.capacity}</td><td>${a.active_channels}</td><td>${a.lapsed ? 'yes (lapsed)' : 'no'}</td><td>${a.roles.length === 0 ? 'none' : a.roles.join(', ')}</td><td><code>${a.account_id}</code></td></tr>`,
  )}</tbody></table>`;
}

function createForm(c: PanelContext, state?: FormState) {
  const v = (name: string, fallback = '') => (state ? one(state.values, name) : fallback);
  const f = 'create';
  const body = html`<p>The new account's API key and webhook secret are shown once, on the next page.</p>
${problemBox(state, f)}
<form method="post" action="${PANEL}/accounts" novalidate>${csrfInput(csrfOf(c))}
${textField({ form: f, name: 'name', label: 'Name', value: v('name'), state, required: true })}
${selectField({ form: f, name: 'tier', label: 'Tier', value: v('tier', 'basic'), options: TIERS, state })}
${textField({ form: f, name: 'capacity', label: 'Channel capacity', type: 'number', value: v('capacity', '3'), state, hint: 'Active channels the plan allows (D10).' })}
${textField({ form: f, name: 'rate_limit_per_minute', label: 'Rate limit (requests per minute)', type: 'number', value: v('rate_limit_per_minute', '300'), state })}
${checkboxGroup({ form: f, name: 'roles', legend: 'Roles', options: ROLES, checked: state ? all(state.values, 'roles') : [], state })}
${textField({ form: f, name: 'return_url', label: 'Return URL', type: 'url', value: v('return_url'), state, hint: 'Where the page owner lands after a social-DM handshake; optional.' })}
<h2>Webhook (optional)</h2>
${webhookFields(f, state, null)}
<button type="submit">Create account</button></form>`;
  return render(c, { title: 'Create account', body }, state ? 422 : 200);
}

function createBody(values: FormValues, errors: Record<string, string>): NewAccount {
  const body: NewAccount = { name: one(values, 'name').trim(), roles: all(values, 'roles') };
  if (one(values, 'tier') !== '') body.tier = one(values, 'tier');
  const capacity = intField(values, 'capacity', errors);
  if (capacity !== undefined) body.capacity = capacity;
  const rate = intField(values, 'rate_limit_per_minute', errors);
  if (rate !== undefined) body.rate_limit_per_minute = rate;
  const returnUrl = one(values, 'return_url').trim();
  if (returnUrl !== '') body.return_url = returnUrl;
  const webhook = webhookFromForm(values, errors);
  if (webhook) body.webhook = webhook;
  if (body.name === '') errors.name = 'Enter a name.';
  return body;
}

export function registerAccountList(app: Hono<PanelEnv>, deps: PanelDeps): void {
  app.get(PANEL, (c) => c.redirect(`${PANEL}/accounts`, 303));
  app.get(`${PANEL}/`, (c) => c.redirect(`${PANEL}/accounts`, 303));

  app.get(`${PANEL}/accounts`, async (c) => {
    const result = await deps.control.listAccounts();
    if (!result.ok)
      return render(
        c,
        { title: 'Accounts', body: html`<p class="alert" role="alert">${result.error.message}</p>` },
        pageStatus(result.status),
      );
    const body = html`<p><a href="${PANEL}/accounts/new">Create account</a></p>${accountsTable(result.body.data)}`;
    const flash = c.req.query('done') === 'deleted' ? 'The account is deleted, with everything it owned.' : undefined;
    return render(c, { title: 'Accounts', body, flash });
  });

  app.get(`${PANEL}/accounts/new`, (c) => createForm(c));

  app.post(`${PANEL}/accounts`, async (c) => {
    const values = await readForm(c.req);
    const errors: Record<string, string> = {};
    const body = createBody(values, errors);
    if (Object.keys(errors).length > 0) return createForm(c, { form: 'create', values, errors });
    const result = await deps.control.createAccount(body);
    if (!result.ok) return createForm(c, { form: 'create', values, errors: fieldErrors(result.error), problem: result.error });
    return secretPage(c, {
      title: 'Account created',
      intro: html`Account <code>${result.body.account_id}</code> (${one(values, 'name').trim()}) is ready.`,
      secrets: [
        { label: 'API key', value: result.body.api_key },
        { label: 'Webhook signing secret', value: result.body.webhook_secret },
      ],
      accountId: result.body.account_id,
    });
  });
}
