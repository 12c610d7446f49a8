import type { Hono } from 'hono';
import { renderAccountPage } from './account-page';
import { PANEL, type PanelDeps, type PanelEnv } from './context';
import { fieldErrors, intField, one, readForm } from './forms';
import { accountPath } from './lifecycle-sections';
import { CLOCK_UNITS, type ClockUnit } from './traffic-sections';

export function registerAccountLifecycle(app: Hono<PanelEnv>, deps: PanelDeps): void {
  const base = `${PANEL}/accounts/:id`;

  app.post(`${base}/clock/advance`, async (c) => {
    const id = c.req.param('id');
    const values = await readForm(c.req);
    const errors: Record<string, string> = {};
    const amount = intField(values, 'amount', errors);
    const unit = one(values, 'unit');
    if (amount === undefined && errors.amount === undefined) errors.amount = 'Enter how far to advance.';
    if (!(unit in CLOCK_UNITS)) errors.unit = 'Choose seconds, minutes, hours or days.';
    if (Object.keys(errors).length > 0 || amount === undefined)
      return renderAccountPage(c, deps, id, { form: 'account-clock', values, errors }, 422);
    const result = await deps.control.advanceAccountClock(id, amount * CLOCK_UNITS[unit as ClockUnit]);
    if (!result.ok) {
      const state = { form: 'account-clock', values, errors: fieldErrors(result.error, { seconds: 'amount' }), problem: result.error };
      return renderAccountPage(c, deps, id, state, result.status);
    }
    return c.redirect(`${accountPath(id)}?done=account-clock#account-clock`, 303);
  });

  app.post(`${base}/delete`, async (c) => {
    const id = c.req.param('id');
    const values = await readForm(c.req);
    if (one(values, 'confirm').trim() !== id) {
      const errors = { confirm: `Type ${id} exactly to delete this account.` };
      return renderAccountPage(c, deps, id, { form: 'delete', values, errors }, 422);
    }
    const result = await deps.control.deleteAccount(id);
    if (!result.ok) return renderAccountPage(c, deps, id, { form: 'delete', values, errors: {}, problem: result.error }, result.status);
    return c.redirect(`${PANEL}/accounts?done=deleted`, 303);
  });
}
