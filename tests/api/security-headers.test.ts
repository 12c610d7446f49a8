import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../sandbox/app';
import { createSandboxContext } from '../../sandbox/server';
import { PNG } from './attachment-samples';
import { accountWithConversation, uploaded } from './attachments-support';
import { pendingHandshake } from './channels-support';
import { rawRequest } from './hostile-http';
import { signedInBrowser } from './panel-support';
import { ADMIN_TOKEN, setUpSandbox } from './support';

// Security headers on every page and every /v1 and control answer (docs/sandbox/security.md).

const sandbox = setUpSandbox();
const browser = signedInBrowser(sandbox);

/** The CSP's directives by name. */
function directives(csp: string | null): Map<string, string> {
  return new Map(
    (csp ?? '').split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')] as [string, string];
    }),
  );
}

function expectSecured(headers: Headers, what: string): Map<string, string> {
  const csp = headers.get('content-security-policy');
  expect(csp, what).not.toBeNull();
  expect(csp, what).not.toContain('unsafe-eval');
  expect(csp, what).not.toContain('unsafe-inline');
  const parsed = directives(csp);
  expect(parsed.get('frame-ancestors'), what).toBe("'none'");
  expect(parsed.get('default-src'), what).toBe("'none'");
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('referrer-policy'), what).toBe('no-referrer');
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  // Plain HTTP: nothing is pinned.
  expect(headers.get('strict-transport-security'), what).toBeNull();
  return parsed;
}

/** A page's inline stylesheet carries exactly the nonce its CSP allows. */
function expectNonced(headers: Headers, page: string, what: string): string {
  const allowed = /'nonce-([^']+)'/.exec(directives(headers.get('content-security-policy')).get('style-src') ?? '')?.[1];
  expect(allowed, what).toBeDefined();
  const styles = [...page.matchAll(/<style([^>]*)>/g)].map((m) => m[1]);
  expect(styles.length, what).toBeGreaterThan(0);
  for (const attributes of styles) expect(attributes, what).toBe(` nonce="${allowed}"`);
  expect(page, what).not.toContain('<script');
  return allowed ?? '';
}

describe('security headers', () => {
  it('the consent screen: framing refused, inline style by nonce, no form-action (its answer redirects to the partner)', async () => {
    const { handshake } = await pendingHandshake(sandbox);
    const response = await fetch(handshake.authorisation_url);
    expect(response.status).toBe(200);
    const csp = expectSecured(response.headers, 'consent');
    expect(csp.has('form-action')).toBe(false);
    const first = expectNonced(response.headers, await response.text(), 'consent');
    const again = await fetch(handshake.authorisation_url);
    expect(expectNonced(again.headers, await again.text(), 'consent again')).not.toBe(first);
    expect(again.headers.get('cache-control')).toBe('no-store');
  });

  it('the panel pages, the reference page and the home page', async () => {
    for (const [what, page] of [
      ['panel', await browser.get('/sandbox/panel/accounts')],
      ['panel sign-in', await browser.get('/sandbox/panel/login')],
    ] as const) {
      expect(page.status, what).toBe(200);
      expect(expectSecured(page.headers, what).get('form-action'), what).toBe("'self'");
      expectNonced(page.headers, page.text, what);
    }
    for (const urlPath of ['/v1/reference', '/', '/sandbox/authorise-done?status=connected']) {
      const response = await fetch(`${sandbox.url}${urlPath}`);
      expect(response.status, urlPath).toBe(200);
      expectSecured(response.headers, urlPath);
      expectNonced(response.headers, await response.text(), urlPath);
    }
  });

  it('every /v1 and control API answer, errors and unknown routes included', async () => {
    const { api_key } = await sandbox.createAccount();
    const answers = {
      'v1 200': await sandbox.api(api_key, '/v1/robots'),
      'v1 401': await sandbox.api(undefined, '/v1/robots'),
      'v1 400': await sandbox.api(api_key, '/v1/robots?limit=abc'),
      'v1 404': await sandbox.api(api_key, '/v1/nothing-here'),
      'v1 openapi': await sandbox.fetch('/v1/openapi.json'),
      'control 200': await sandbox.control('GET', '/sandbox/api/clock'),
      'control 401': await sandbox.control('GET', '/sandbox/api/clock', undefined, 'wrong-token-0123456789'),
      'control 422': await sandbox.control('POST', '/sandbox/api/accounts', {}),
    };
    for (const [what, answer] of Object.entries(answers)) expectSecured(answer.headers, what);
  });

  it('signed attachment URLs: no CSP (a PDF viewer is a plugin), embeddable from the partner origin, never sniffed', async () => {
    const { key, conversationId } = await accountWithConversation(sandbox);
    const { url } = await uploaded(sandbox, key, conversationId, { bytes: PNG, type: 'image/png' });
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBeNull();
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('Strict-Transport-Security only when TLS ended at the sandbox', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-hsts-'));
    const ctx = createSandboxContext(dir, () => {});
    try {
      const { app } = createApp(ctx, ADMIN_TOKEN);
      // How @hono/node-server hands over the connection: `incoming.socket.encrypted` on a TLS socket.
      const overTls = await app.fetch(new Request('https://sandbox.test/v1/openapi.json'), { incoming: { socket: { encrypted: true } } });
      expect(overTls.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
      const plain = await app.fetch(new Request('http://sandbox.test/v1/openapi.json'), { incoming: { socket: {} } });
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    } finally {
      ctx.store.close();
      rmSync(dir, { recursive: true, force: true });
    }
    // An absolute https:// request target over plain HTTP is not TLS either.
    const spoofed = await rawRequest(sandbox.url, {
      method: 'GET',
      path: `https://${new URL(sandbox.url).host}/v1/openapi.json`,
      headers: {},
    });
    expect(spoofed.status).toBe(200);
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});
