import { escapeHtml } from '../http/html';

/** The sandbox's landing page: where to read the API and check the server. `nonce` allows its inline stylesheet (CSP). */
export function homePage(nonce: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner API sandbox</title>
<style nonce="${escapeHtml(nonce)}">body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:40rem;padding:0 1rem}code{background:#f2f2f2;padding:0 .25em}</style>
</head><body>
<h1>Partner API sandbox</h1>
<p>A stateful stand-in for the partner API <code>v1</code>.</p>
<ul>
<li><a href="/sandbox/panel">Sandbox panel</a> (accounts, keys, webhooks, robots, clock; sign in with the admin token)</li>
<li><a href="/v1/reference">API reference</a> (readable page)</li>
<li><a href="/v1/openapi.json">OpenAPI 3.1 document</a></li>
<li><a href="/sandbox/health">Health</a></li>
</ul>
<p>The control API lives under <code>/sandbox/api</code> and needs <code>Authorization: Bearer $SANDBOX_ADMIN_TOKEN</code>.</p>
</body></html>`;
}
