import type { ControlClient, ControlResult } from '../control-client/client';
import { renderAccountPage } from './account-page';
import { PANEL, type PanelContext, type PanelDeps } from './context';
import { fieldErrors, readForm, type FormValues } from './forms';

/** A control call waiting for the client: built from the form before anything is sent. */
export type ControlCall<T> = (control: ControlClient) => Promise<ControlResult<T>>;

export interface Submission<T> {
  accountId: string;
  /** The form's name on the account page: its errors and typed values are shown there. */
  form: string;
  /** Where the browser lands after success. */
  anchor: string;
  /** The control call this form stands for; `errors` collects what cannot even be sent. */
  build(values: FormValues, errors: Record<string, string>): ControlCall<T> | Promise<ControlCall<T>>;
  /** The `?done=` query of the page shown after success. */
  done(body: T, values: FormValues): string;
  /** Control field paths to form field names, where they differ. */
  rename?: Record<string, string>;
}

/**
 * Post/Redirect/Get for every account form: parse, call the control API, then redirect with a
 * fixed confirmation; on failure show the account page again with what was typed and the errors
 * (the control API's own messages, request id included), at the control API's status.
 */
export async function submit<T>(c: PanelContext, deps: PanelDeps, s: Submission<T>): Promise<Response> {
  const values = await readForm(c.req);
  const errors: Record<string, string> = {};
  const call = await s.build(values, errors);
  if (Object.keys(errors).length > 0) return renderAccountPage(c, deps, s.accountId, { form: s.form, values, errors }, 422);
  const result = await call(deps.control);
  if (!result.ok) {
    const state = { form: s.form, values, errors: fieldErrors(result.error, s.rename), problem: result.error };
    return renderAccountPage(c, deps, s.accountId, state, result.status);
  }
  return c.redirect(`${PANEL}/accounts/${encodeURIComponent(s.accountId)}?${s.done(result.body, values)}#${s.anchor}`, 303);
}
