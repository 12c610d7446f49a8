import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../sandbox/app';
import { runCli } from '../../sandbox/cli/main';
import { normaliseMediaType } from '../../sandbox/domain/attachment-media';
import { one, readForm } from '../../sandbox/panel/forms';
import { rawRequest } from './hostile-http';
import { PanelBrowser, signedInBrowser } from './panel-support';
import { createSandboxContext } from '../../sandbox/server';
import { ADMIN_TOKEN, REQUEST_ID, setUpSandbox, type ErrorBody } from './support';

// Lookups keyed by what a visitor typed must never reach Object.prototype (`constructor`,
// `__proto__`), and a body or request nobody can parse is a clear 400, never a 500 or a bare
// "Bad Request" without the envelope.

const sandbox = setUpSandbox();
const browser = signedInBrowser(sandbox);
const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

const MALFORMED_MULTIPART = {
  'content-type': 'multipart/form-data; boundary=XyZ',
  body: '--XyZ\r\nContent-Disposition: form-data; name="token"\r\n\r\nno closing boundary',
};

describe('lookups keyed by user input', () => {
  it('the consent done page shows its default text for any status that is not an outcome', async () => {
    for (const status of PROTOTYPE_NAMES) {
      const result = await sandbox.fetch<string>(`/sandbox/authorise-done?status=${status}`);
      expect(result.status, status).toBe(200);
      expect(result.body, status).toContain('The access request has ended.');
      expect(result.body, status).not.toContain('native code');
    }
  });

  it('the panel shows no confirmation for a `done` that is not one of its own', async () => {
    const { account_id } = await sandbox.createAccount();
    for (const done of PROTOTYPE_NAMES) {
      const page = await browser.get(`/sandbox/panel/accounts/${account_id}?done=${done}`);
      expect(page.status, done).toBe(200);
      expect(page.text, done).not.toContain('role="status"');
      expect(page.text, done).not.toContain('native code');
    }
  });

  it('keeps a form field called __proto__ as a field', async () => {
    const values = await readForm({
      parseBody: () => Promise.resolve(JSON.parse('{"__proto__":"x","next":"y"}') as Record<string, unknown>),
    });
    expect(Object.keys(values).sort()).toEqual(['__proto__', 'next']);
    expect(one(values, 'length')).toBe('');
  });

  it('an uploaded part declared as `constructor` keeps that media type', () => {
    for (const name of PROTOTYPE_NAMES) expect(normaliseMediaType(name)).toBe(name.toLowerCase());
  });

  it('the command line calls `constructor` an unknown command (exit 2), not a crash', async () => {
    for (const argv of [['constructor'], ['accounts', 'constructor'], ['toString', 'x'], ['keys', '__proto__']]) {
      const err: string[] = [];
      const code = await runCli([...argv, '--url', sandbox.url], {
        stdout: () => {},
        stderr: (text) => err.push(text),
        env: { SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN },
      });
      expect(code, argv.join(' ')).toBe(2);
      expect(err.join('\n'), argv.join(' ')).toContain('unknown command');
    }
  });
});

describe('bodies and requests that cannot be parsed', () => {
  it('a malformed multipart sign-in is a 400 page, not a 500', async () => {
    const response = await fetch(`${sandbox.url}/sandbox/panel/login`, {
      method: 'POST',
      headers: { 'content-type': MALFORMED_MULTIPART['content-type'] },
      body: MALFORMED_MULTIPART.body,
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('could not be read');
  });

  it('a malformed multipart form of a signed-in session is a 400 page and changes nothing', async () => {
    const before = await sandbox.control<{ data: unknown[] }>('GET', '/sandbox/api/accounts');
    const response = await fetch(`${sandbox.url}/sandbox/panel/accounts`, {
      method: 'POST',
      headers: { cookie: browser.cookie, 'content-type': MALFORMED_MULTIPART['content-type'] },
      body: MALFORMED_MULTIPART.body,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('nothing was changed');
    expect((await sandbox.control<{ data: unknown[] }>('GET', '/sandbox/api/accounts')).body.data).toHaveLength(before.body.data.length);
  });

  it('a sign-in form with a broken urlencoded body still answers a page, not a 500', async () => {
    const anonymous = new PanelBrowser(sandbox);
    const response = await fetch(`${sandbox.url}/sandbox/panel/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-16' },
      body: 'token=%zz&next=%',
    });
    expect(response.status).toBeLessThan(500);
    expect((await anonymous.get('/sandbox/panel/accounts')).status).toBe(303);
  });

  it('requests refused before the app (a raw non-ASCII byte, a backslash, a dot segment) get the envelope and a request id', async () => {
    const dotSegments = [
      '/v1/robots/./channels',
      '/v1/robots/%2E%2e/robots?limit=1',
      '/sandbox/api/accounts/..',
      '/sandbox/panel/./accounts',
    ];
    for (const path of ['/v1/robots/caf\u00e9', '/sandbox/api/accounts/..\\..\\x', '/sandbox/panel/a\\b', ...dotSegments]) {
      const answer = await rawRequest(sandbox.url, { method: 'GET', path, headers: {} });
      expect(answer.status, path).toBe(400);
      const body = JSON.parse(answer.text) as ErrorBody;
      expect(body.error.code, path).toBe('invalid_parameter');
      expect(body.error.request_id, path).toMatch(REQUEST_ID);
      expect(answer.headers['x-request-id'], path).toBe(body.error.request_id);
      expect(answer.headers['x-frame-options'], path).toBe('DENY');
    }
    // The connection that carried the refused request is closed; the next one is served normally.
    expect((await sandbox.fetch('/sandbox/health')).status).toBe(200);
  });
});

/** Every route outside /v1 and the control API (pages, consent screen, files), as the app serves them. */
function browserRoutes(): { method: string; path: string }[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-routes-'));
  const ctx = createSandboxContext(dir, () => {});
  try {
    return createApp(ctx, ADMIN_TOKEN).app.routes.filter(
      (route) => route.method !== 'ALL' && !route.path.startsWith('/v1') && !route.path.startsWith('/sandbox/api'),
    );
  } finally {
    ctx.store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('browser-facing routes', () => {
  it(
    'never answer a 5xx (or show Object.prototype) to hostile ids, queries and forms of a signed-in session',
    { timeout: 60_000 },
    async () => {
      const { account_id } = await sandbox.createAccount();
      const segments = ['constructor', '__proto__', '%zz', '%00', 'x'.repeat(2048), account_id];
      const queries = [
        '',
        '?done=constructor&next=%zz',
        '?status=__proto__&status=x&expires=1e400&signature=%zz',
        '?return_to=%00&done=history&messages=x',
      ];
      const hostileForm = `&__proto__=x&constructor=y&tier=constructor&capacity=1e400&roles=__proto__&header_name=__proto__&header_value=x&key_expires_at=9999-99-99T99:99&seconds=1e400&unit=constructor&days=1e9&type=constructor&decision=toString&return_to=/sandbox/panel/accounts/constructor`;
      const forms = [`_csrf=${browser.csrf}`, `_csrf=${browser.csrf}${hostileForm}`];
      const routes = browserRoutes();
      expect(routes.length).toBeGreaterThan(20);
      for (const route of routes) {
        for (const segment of segments) {
          for (const query of queries) {
            for (const form of route.method === 'POST' ? forms : [undefined]) {
              const target = route.path.replace(/:[^/]+/g, segment) + query;
              const answer = await rawRequest(sandbox.url, {
                method: route.method,
                path: target,
                headers: { cookie: browser.cookie, 'content-type': 'application/x-www-form-urlencoded' },
                body: form === undefined ? undefined : Buffer.from(form),
              });
              const what = `${route.method} ${target.slice(0, 120)} ${form?.slice(0, 60) ?? ''}`;
              expect(answer.status, what).toBeLessThan(500);
              expect(answer.text, what).not.toMatch(/native code|\[object /);
            }
          }
        }
      }
    },
  );
});
