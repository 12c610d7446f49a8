import type { Hono } from 'hono';
import { renderAccountPage } from './account-page';
import { PANEL, csrfOf, pageStatus, render, type PanelContext, type PanelDeps, type PanelEnv } from './context';
import { fieldErrors, intField, one, readForm, type FormState } from './forms';
import { html } from './html';
import { CLOCK_UNITS, clockSection, type ClockUnit } from './traffic-sections';

const ACCOUNT_PAGE = /^\/sandbox\/panel\/accounts\/([A-Za-z0-9_-]{1,200})$/;

async function clockPage(c: PanelContext, deps: PanelDeps, state?: FormState, status = 200) {
  const clock = await deps.control.clock();
  if (!clock.ok) return render(c, { title: 'Clock', body: html`<p role="alert">${clock.error.message}</p>` }, pageStatus(clock.status));
  const flash = !state && c.req.query('done') === 'clock' ? 'Clock advanced.' : undefined;
  return render(
    c,
    { title: 'Clock', flash, body: clockSection({ clock: clock.body, csrf: csrfOf(c), state, returnTo: `${PANEL}/clock` }) },
    status === 200 ? 200 : pageStatus(status),
  );
}

export function registerClock(app: Hono<PanelEnv>, deps: PanelDeps): void {
  app.get(`${PANEL}/clock`, (c) => clockPage(c, deps));

  app.post(`${PANEL}/clock/advance`, async (c) => {
    const values = await readForm(c.req);
    // Back to the page the form was on; only panel pages are followed.
    const account = ACCOUNT_PAGE.exec(one(values, 'return_to'))?.[1];
    const back = (state: FormState, status: number) =>
      account === undefined ? clockPage(c, deps, state, status) : renderAccountPage(c, deps, account, state, status);
    const errors: Record<string, string> = {};
    const amount = intField(values, 'amount', errors);
    const unit = one(values, 'unit');
    if (amount === undefined && errors.amount === undefined) errors.amount = 'Enter how far to advance.';
    if (!(unit in CLOCK_UNITS)) errors.unit = 'Choose seconds, minutes, hours or days.';
    if (Object.keys(errors).length > 0 || amount === undefined) return back({ form: 'clock', values, errors }, 422);
    const seconds = amount * CLOCK_UNITS[unit as ClockUnit];
    const result = await deps.control.advanceClock(seconds);
    if (!result.ok)
      return back(
        { form: 'clock', values, errors: fieldErrors(result.error, { seconds: 'amount' }), problem: result.error },
        result.status,
      );
    return c.redirect(account === undefined ? `${PANEL}/clock?done=clock` : `${PANEL}/accounts/${account}?done=clock#clock`, 303);
  });
}
