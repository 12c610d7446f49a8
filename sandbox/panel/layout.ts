import { html, raw, type Html } from './html';

// One inline stylesheet (no external assets, D23 pages work offline); focus stays clearly visible.
const STYLE = raw(`
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fff}
header{background:#1f3a5f;color:#fff;padding:.5rem 1rem;display:flex;gap:1rem;align-items:center;flex-wrap:wrap}
header a{color:#fff}header nav{display:flex;gap:1rem;flex:1}
main{max-width:62rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ccc}h3{font-size:1.05rem}
a{color:#0b4f8a}
:focus-visible{outline:3px solid #f0a000;outline-offset:2px}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f2f2f2}
form{margin:.5rem 0}fieldset{border:1px solid #ccc;margin:.5rem 0;padding:.5rem .75rem}
.field{margin:.5rem 0}.field label{display:block;font-weight:600}
input[type=text],input[type=password],input[type=url],input[type=number],select{font:inherit;padding:.25rem;min-width:16rem;max-width:100%}
button{font:inherit;padding:.3rem .8rem;cursor:pointer}
.hint{color:#555;font-size:.9rem;margin:.1rem 0}
.error{color:#a30000;font-weight:600;margin:.1rem 0}
[aria-invalid=true]{border:2px solid #a30000}
.alert{border:2px solid #a30000;background:#fff4f4;padding:.5rem .75rem;margin:.5rem 0}
.ok{border:2px solid #1c6b2e;background:#f2fbf4;padding:.5rem .75rem;margin:.5rem 0}
.secret{border:2px solid #8a5a00;background:#fff9ec;padding:.75rem;margin:1rem 0}
.secret code{display:block;font-size:1.05rem;padding:.4rem;background:#fff;border:1px solid #ccc;user-select:all;word-break:break-all}
.inline{display:inline}.row{display:flex;gap:.5rem;flex-wrap:wrap;align-items:end}
code{background:#f2f2f2;padding:0 .2em}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`);

export interface Layout {
  title: string;
  body: Html;
  /** The signed-in chrome (navigation, sign-out form) needs the CSRF token of the session. */
  csrf?: string | undefined;
  flash?: string | undefined;
  /** The response's CSP nonce: the inline stylesheet below is allowed by it, nothing else inline is. */
  nonce: string;
}

export function layout({ title, body, csrf, flash, nonce }: Layout): string {
  const chrome =
    csrf === undefined
      ? html`<header><strong>Sandbox panel</strong></header>`
      : html`<header>
<strong>Sandbox panel</strong>
<nav aria-label="Panel"><a href="/sandbox/panel/accounts">Accounts</a><a href="/sandbox/panel/accounts/new">Create account</a><a href="/sandbox/panel/clock">Clock</a><a href="/">Sandbox home</a></nav>
<form class="inline" method="post" action="/sandbox/panel/logout"><input type="hidden" name="_csrf" value="${csrf}"><button type="submit">Sign out</button></form>
</header>`;
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Sandbox panel</title><style nonce="${nonce}">${STYLE}</style></head>
<body><a class="visually-hidden" href="#main">Skip to content</a>${chrome}
<main id="main"><h1>${title}</h1>
${flash === undefined ? '' : html`<p class="ok" role="status">${flash}</p>`}
${body}
</main></body></html>`.value;
}
