import { issuesOf, type ControlError } from '../control-client/client';
import { html, type Html } from './html';

/** What a form sent, every field as a list of strings (checkbox groups and header rows repeat). */
export type FormValues = Record<string, string[]>;

/** A form that failed: what was typed (shown again, nothing lost) and why. */
export interface FormState {
  form: string;
  values: FormValues;
  errors: Record<string, string>;
  problem?: ControlError | string | undefined;
}

export const one = (values: FormValues, name: string): string => values[name]?.[0] ?? '';
export const all = (values: FormValues, name: string): string[] => values[name] ?? [];

export async function readForm(request: { parseBody(options: { all: true }): Promise<Record<string, unknown>> }): Promise<FormValues> {
  const body = await request.parseBody({ all: true });
  // Field names are the sender's: a field called `__proto__` must stay a field.
  const values: FormValues = Object.create(null) as FormValues;
  for (const [name, value] of Object.entries(body)) {
    const list = Array.isArray(value) ? value : [value];
    values[name] = list.filter((item): item is string => typeof item === 'string');
  }
  return values;
}

/**
 * Field errors from a control API answer: `details.issues[].path` (`webhook.url`) names the field
 * (`webhook_url`); custom header issues land on the header rows. Anything else is shown above the
 * form as the envelope's message.
 */
export function fieldErrors(error: ControlError, rename: Record<string, string> = {}): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issuesOf(error)) {
    const field = rename[fieldOfPath(issue.path)] ?? fieldOfPath(issue.path);
    errors[field] ??= field === 'headers' ? headerMessage(issue.path, issue.message) : issue.message;
  }
  return errors;
}

/** The control API names the bad header only in the path ("Invalid key in record"): say it plainly. */
function headerMessage(path: string, message: string): string {
  const name = path.split('.').slice(2).join('.');
  return name === ''
    ? message
    : `"${name}" is not a valid header name (letters, digits and !#$%&'*+-.^_\`|~ only; no spaces). (${message})`;
}

function fieldOfPath(path: string): string {
  const [first = '', second] = path.split('.');
  if (first === 'webhook') return second === 'custom_headers' ? 'headers' : `webhook_${second ?? 'url'}`;
  // An issue about the body as a whole (an unknown field) has the empty path.
  return first === '' ? FORM_ERROR : first;
}

/** Key of an error that belongs to no single field; shown above the form. */
const FORM_ERROR = '_form';

/** An integer form field: empty means "not given"; anything not a whole number is refused here. */
export function intField(values: FormValues, name: string, errors: Record<string, string>): number | undefined {
  const text = one(values, name).trim();
  if (text === '') return undefined;
  if (!/^-?\d{1,15}$/.test(text)) {
    errors[name] = 'Enter a whole number.';
    return undefined;
  }
  return Number(text);
}

export function problemBox(state: FormState | undefined, form: string): Html | '' {
  if (!state || state.form !== form) return '';
  const count = Object.keys(state.errors).length;
  const problem = state.problem;
  const lines: Html[] = [];
  if (typeof problem === 'string') lines.push(html`<p>${problem}</p>`);
  else if (problem)
    lines.push(
      html`<p>${problem.message} <small>(code <code>${problem.code}</code>${problem.request_id ? html`, request <code>${problem.request_id}</code>` : ''})</small></p>`,
    );
  const formError = state.errors[FORM_ERROR];
  if (formError !== undefined) lines.push(html`<p>${formError}</p>`);
  if (count > (formError === undefined ? 0 : 1))
    lines.push(html`<p>${count === 1 ? 'One field needs' : 'Some fields need'} attention; see the messages next to the fields.</p>`);
  if (lines.length === 0) return '';
  return html`<div class="alert" role="alert" id="${form}-problem"><strong>Not saved.</strong>${lines}</div>`;
}

interface FieldOptions {
  form: string;
  name: string;
  label: string;
  value: string;
  state?: FormState | undefined;
  type?: 'text' | 'password' | 'url' | 'number';
  hint?: string;
  required?: boolean;
  /** A field shown once per row (header rows) gets a row-specific id. */
  idSuffix?: string;
}

/** Value typed last time when this form failed, else the stored one. */
export function valueOf(state: FormState | undefined, form: string, name: string, stored: string): string {
  return state && state.form === form ? one(state.values, name) : stored;
}

export function textField(o: FieldOptions): Html {
  const id = `${o.form}-${o.name}${o.idSuffix ?? ''}`;
  const error = o.state?.form === o.form ? o.state.errors[o.name] : undefined;
  const describedBy = [o.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return html`<div class="field"><label for="${id}">${o.label}${o.required ? ' (required)' : ''}</label>
${o.hint ? html`<p class="hint" id="${id}-hint">${o.hint}</p>` : ''}
<input id="${id}" name="${o.name}" type="${o.type ?? 'text'}" value="${o.value}"${o.required ? html` required` : ''}${describedBy ? html` aria-describedby="${describedBy}"` : ''}${error ? html` aria-invalid="true"` : ''}${o.type === 'password' ? html` autocomplete="off"` : ''}>
${error ? html`<p class="error" id="${id}-error">${error}</p>` : ''}</div>`;
}

export function selectField(o: Omit<FieldOptions, 'type'> & { options: readonly string[] }): Html {
  const id = `${o.form}-${o.name}`;
  const error = o.state?.form === o.form ? o.state.errors[o.name] : undefined;
  return html`<div class="field"><label for="${id}">${o.label}</label>
<select id="${id}" name="${o.name}"${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${o.options.map(
    (option) => html`<option value="${option}"${option === o.value ? html` selected` : ''}>${option}</option>`,
  )}</select>${error ? html`<p class="error" id="${id}-error">${error}</p>` : ''}</div>`;
}

export function checkboxGroup(o: {
  form: string;
  name: string;
  legend: string;
  options: readonly string[];
  checked: readonly string[];
  state?: FormState | undefined;
  hint?: string;
}): Html {
  const error = o.state?.form === o.form ? o.state.errors[o.name] : undefined;
  return html`<fieldset${error ? html` aria-describedby="${o.form}-${o.name}-error"` : ''}><legend>${o.legend}</legend>
${o.hint ? html`<p class="hint">${o.hint}</p>` : ''}
${o.options.map(
  (option) =>
    html`<label><input type="checkbox" name="${o.name}" value="${option}"${o.checked.includes(option) ? html` checked` : ''}> ${option}</label> `,
)}
${error ? html`<p class="error" id="${o.form}-${o.name}-error">${error}</p>` : ''}</fieldset>`;
}

export const csrfInput = (token: string) => html`<input type="hidden" name="_csrf" value="${token}">`;
