import { escapeHtml } from '../http/html';

/**
 * A minimal HTML builder that escapes by default: every interpolated value is escaped unless it is
 * already `Html` (built by this tag), so a name or header value typed into a form can never become
 * markup. Arrays are joined; null, undefined and false render nothing (handy for `cond && html`).
 */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map((item: HtmlValue) => render(item)).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

/** Markup that is trusted as is (only for constants written in this folder). */
export const raw = (markup: string) => new Html(markup);
