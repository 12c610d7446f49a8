import { attachmentsSection, keySection, planSection, returnUrlSection, rolesSection, webhookSection } from './account-sections';
import { PANEL, csrfOf, pageStatus, render, type PanelContext, type PanelDeps } from './context';
import type { ControlError } from '../control-client/client';
import type { FormState } from './forms';
import { html } from './html';
import { ownEntry } from '../own-entry';
import { accountClockSection, deleteSection } from './lifecycle-sections';
import { robotsSection } from './robot-sections';
import { PANEL_REQUESTS, requestsSection } from './requests-section';
import { clockSection, trafficSection } from './traffic-sections';

/** Fixed confirmations after a redirect (`?done=`): only these texts are ever shown. */
const DONE: Record<string, string> = {
  plan: 'Plan saved.',
  lapsed: 'The plan has lapsed: every channel is off.',
  renewed: 'The plan is renewed. Channels stay off until the partner enables them.',
  roles: 'Roles saved.',
  'key-expiry': 'Key expiry saved.',
  'return-url': 'Return URL saved.',
  webhook: 'Webhook saved.',
  'webhook-removed': 'Webhook removed.',
  attachments: 'Attachment exclusions saved.',
  'robot-created': 'Robot created.',
  robot: 'Robot saved.',
  'channel-added': 'Channel added.',
  'channel-removed': 'Channel removed.',
  'simulator-on': 'Live simulator running.',
  'simulator-off': 'Live simulator stopped.',
  clock: 'Clock advanced.',
  'account-clock': "This account's clock advanced.",
};

function doneMessage(query: (name: string) => string | undefined): string | undefined {
  const done = query('done');
  if (done === 'history') {
    const count = (name: string) => (/^\d{1,9}$/.test(query(name) ?? '') ? query(name) : '?');
    return `History simulated: ${count('conversations')} conversations, ${count('messages')} messages.`;
  }
  return done === undefined ? undefined : ownEntry(DONE, done);
}

function failurePage(c: PanelContext, error: ControlError) {
  return render(
    c,
    { title: 'Panel error', body: html`<p role="alert">${error.message} (code ${error.code}, request ${error.request_id ?? '–'})</p>` },
    pageStatus(error.status),
  );
}

/**
 * The account page: everything D23 lets the service change, each part its own form. When a form
 * failed, `state` carries what was typed and the errors, and that form shows them.
 */
export async function renderAccountPage(c: PanelContext, deps: PanelDeps, accountId: string, state?: FormState, status = 200) {
  const [account, robots, simulators, clock, requests, accountClock] = await Promise.all([
    deps.control.getAccount(accountId),
    deps.control.listRobots(accountId),
    deps.control.listSimulators(),
    deps.control.clock(),
    deps.control.recentRequests(accountId, PANEL_REQUESTS),
    deps.control.accountClock(accountId),
  ]);
  if (!account.ok) {
    return render(
      c,
      {
        title: 'Account not found',
        body: html`<p role="alert">${account.error.message}</p><p><a href="${PANEL}/accounts">All accounts</a></p>`,
      },
      pageStatus(account.status),
    );
  }
  if (!robots.ok) return failurePage(c, robots.error);
  if (!simulators.ok) return failurePage(c, simulators.error);
  if (!clock.ok) return failurePage(c, clock.error);
  if (!requests.ok) return failurePage(c, requests.error);
  if (!accountClock.ok) return failurePage(c, accountClock.error);
  const csrf = csrfOf(c);
  const a = account.body;
  const input = { account: a, clock: clock.body, csrf, state };
  const simulator = simulators.body.data.find((s) => s.account_id === a.account_id);
  const body = html`<p>Account <code>${a.account_id}</code>, created ${a.created_at}. Plan ${a.tier}${a.lapsed ? ' (lapsed)' : ''}; roles: ${a.roles.length === 0 ? 'none' : a.roles.join(', ')}.</p>
<nav aria-label="On this page"><a href="#plan">Plan</a> · <a href="#roles">Roles</a> · <a href="#key">Key</a> · <a href="#return-url">Return URL</a> · <a href="#webhook">Webhook</a> · <a href="#attachments">Attachments</a> · <a href="#robots">Robots</a> · <a href="#traffic">Traffic</a> · <a href="#requests">Requests</a> · <a href="#account-clock">Clock</a> · <a href="#delete">Delete</a></nav>
${planSection(input)}${rolesSection(input)}${keySection(input)}${returnUrlSection(input)}${webhookSection(input)}${attachmentsSection(input)}
${robotsSection({ account: a, robots: robots.body.data, csrf, state })}
${trafficSection({ account: a, simulator, csrf, state })}
${requestsSection(requests.body.data)}
${accountClockSection({ clock: accountClock.body, csrf, state })}
${clockSection({ clock: clock.body, csrf, state, returnTo: `${PANEL}/accounts/${a.account_id}` })}
${deleteSection({ accountId: a.account_id, csrf, state })}`;
  const flash = state ? undefined : doneMessage((name) => c.req.query(name));
  return render(c, { title: a.name, body, flash }, status === 200 ? 200 : pageStatus(status));
}
