import { all, one, textField, type FormState, type FormValues } from './forms';
import { html, type Html } from './html';

export interface WebhookBody {
  url: string;
  auth_token: string;
  custom_headers: Record<string, string>;
}

const BLANK_ROWS = 2;

/**
 * The webhook part of a form. All blank means "no webhook" (null); otherwise URL, auth token and the
 * header rows go to the control API as typed, which judges them (loopback URLs included, D24).
 */
export function webhookFromForm(values: FormValues, errors: Record<string, string>): WebhookBody | null {
  const url = one(values, 'webhook_url').trim();
  const authToken = one(values, 'webhook_auth_token');
  const names = all(values, 'header_name');
  const headerValues = all(values, 'header_value');
  const customHeaders: Record<string, string> = {};
  names.forEach((rawName, i) => {
    const name = rawName.trim();
    const value = headerValues[i] ?? '';
    if (name === '' && value === '') return;
    if (name === '') errors.headers = 'A header row has a value but no name.';
    else if (Object.keys(customHeaders).some((seen) => seen.toLowerCase() === name.toLowerCase()))
      errors.headers = `The header "${name}" is listed twice.`;
    else customHeaders[name] = value;
  });
  if (url === '' && authToken === '' && Object.keys(customHeaders).length === 0) return null;
  if (url === '') errors.webhook_url = 'Enter the webhook URL (or clear every webhook field to have none).';
  if (authToken === '') errors.webhook_auth_token = 'Enter the auth token your endpoint expects (D16: sent in X-Webhook-Token).';
  return { url, auth_token: authToken, custom_headers: customHeaders };
}

function headerRows(form: string, rows: [string, string][], state: FormState | undefined): Html {
  const error = state?.form === form ? state.errors.headers : undefined;
  return html`<fieldset${error ? html` aria-describedby="${form}-headers-error"` : ''}><legend>Custom headers (added to every delivery)</legend>
<p class="hint">One header per row; leave a row blank to skip it, clear a row to remove that header.</p>
${error ? html`<p class="error" id="${form}-headers-error">${error}</p>` : ''}
<table><thead><tr><th scope="col">Name</th><th scope="col">Value</th></tr></thead><tbody>
${rows.map(
  (
    [name, value],
    i,
  ) => html`<tr><td><label class="visually-hidden" for="${form}-header-name-${i}">Header ${i + 1} name</label><input id="${form}-header-name-${i}" type="text" name="header_name" value="${name}"${error ? html` aria-invalid="true"` : ''}></td>
<td><label class="visually-hidden" for="${form}-header-value-${i}">Header ${i + 1} value</label><input id="${form}-header-value-${i}" type="text" name="header_value" value="${value}"></td></tr>`,
)}
</tbody></table></fieldset>`;
}

/** URL, auth token and header rows: what failed to save is shown as typed, else what is stored. */
export function webhookFields(form: string, state: FormState | undefined, stored: WebhookBody | null): Html {
  const failed = state?.form === form ? state : undefined;
  const rows: [string, string][] = failed
    ? all(failed.values, 'header_name').map((name, i): [string, string] => [name, all(failed.values, 'header_value')[i] ?? ''])
    : Object.entries(stored?.custom_headers ?? {});
  const filled = rows.filter(([name, value]) => name !== '' || value !== '');
  for (let i = 0; i < BLANK_ROWS; i += 1) filled.push(['', '']);
  return html`${textField({ form, name: 'webhook_url', label: 'Webhook URL', type: 'url', value: failed ? one(failed.values, 'webhook_url') : (stored?.url ?? ''), state, hint: 'http or https; loopback addresses are accepted.' })}
${textField({ form, name: 'webhook_auth_token', label: 'Webhook auth token', value: failed ? one(failed.values, 'webhook_auth_token') : (stored?.auth_token ?? ''), state, hint: 'Sent in X-Webhook-Token with every delivery (D16).' })}
${headerRows(form, filled, state)}`;
}
