import { describe, expect, it } from 'vitest';
import { PanelBrowser } from './panel-support';
import { ADMIN_TOKEN, setUpSandbox, type Json } from './support';

const sandbox = setUpSandbox();

describe('panel sign-in (D23: login required)', () => {
  it('sends a visitor without a session to the sign-in form, for every page', async () => {
    const browser = new PanelBrowser(sandbox);
    for (const path of [
      '/sandbox/panel',
      '/sandbox/panel/accounts',
      '/sandbox/panel/accounts/new',
      '/sandbox/panel/clock',
      '/sandbox/panel/accounts/acc_x',
    ]) {
      const result = await browser.get(path);
      expect(result.status, path).toBe(303);
      expect(result.location, path).toMatch(/^\/sandbox\/panel(\/accounts)?|^\/sandbox\/panel\/login/);
    }
    const first = await browser.get('/sandbox/panel/accounts');
    expect(first.location).toBe('/sandbox/panel/login?next=%2Fsandbox%2Fpanel%2Faccounts');
    const form = await browser.get('/sandbox/panel/login');
    expect(form.status).toBe(200);
    expect(form.text).toMatch(/<label for="login-token">Admin token/);
    expect(form.headers.get('cache-control')).toBe('no-store');
    expect(form.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('refuses a POST without a session and changes nothing', async () => {
    const before = await sandbox.control<{ data: Json[] }>('GET', '/sandbox/api/accounts');
    const browser = new PanelBrowser(sandbox);
    const result = await browser.request('POST', '/sandbox/panel/accounts', { name: 'Sneaky' });
    expect(result.status).toBe(401);
    const after = await sandbox.control<{ data: Json[] }>('GET', '/sandbox/api/accounts');
    expect(after.body.data.length).toBe(before.body.data.length);
  });

  it('refuses a wrong token with a message next to the field and sets no cookie', async () => {
    const browser = new PanelBrowser(sandbox);
    const result = await browser.request('POST', '/sandbox/panel/login', { token: 'wrong-token-0123456789' });
    expect(result.status).toBe(401);
    expect(result.headers.get('set-cookie')).toBeNull();
    expect(result.text).toContain('aria-invalid="true"');
    expect(result.text).toContain('That is not the sandbox admin token.');
    expect(result.text).not.toContain('wrong-token-0123456789');
    expect((await browser.get('/sandbox/panel/accounts')).status).toBe(303);
  });

  it('signs in with the admin token: a signed HttpOnly, SameSite=Strict cookie that is not the token', async () => {
    const browser = new PanelBrowser(sandbox);
    const result = await browser.request('POST', '/sandbox/panel/login', { token: ADMIN_TOKEN, next: '/sandbox/panel/clock' });
    expect(result.status).toBe(303);
    expect(result.location).toBe('/sandbox/panel/clock');
    const setCookie = result.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/sandbox\/panel/);
    expect(setCookie).not.toContain(ADMIN_TOKEN);
    const page = await browser.get('/sandbox/panel/accounts');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Accounts</h1>');
  });

  it('follows only panel paths after sign-in', async () => {
    const browser = new PanelBrowser(sandbox);
    const result = await browser.request('POST', '/sandbox/panel/login', { token: ADMIN_TOKEN, next: 'https://evil.example/' });
    expect(result.location).toBe('/sandbox/panel/accounts');
  });

  it('refuses a tampered session cookie', async () => {
    const browser = new PanelBrowser(sandbox);
    await browser.login();
    browser.cookie = browser.cookie.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await browser.get('/sandbox/panel/accounts')).status).toBe(303);
  });

  it('signs out: the cookie is cleared', async () => {
    const browser = new PanelBrowser(sandbox);
    await browser.login();
    const result = await browser.post('/sandbox/panel/logout');
    expect(result.status).toBe(303);
    expect(result.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect((await browser.get('/sandbox/panel/accounts')).status).toBe(303);
  });
});

describe('panel CSRF', () => {
  it("refuses a form without the CSRF token, or with another session's, and changes nothing", async () => {
    const browser = new PanelBrowser(sandbox);
    await browser.login();
    const other = new PanelBrowser(sandbox);
    await other.login();
    const before = await sandbox.control<{ data: Json[] }>('GET', '/sandbox/api/accounts');

    const missing = await browser.request('POST', '/sandbox/panel/accounts', { name: 'Forged' });
    expect(missing.status).toBe(403);
    expect(missing.text).toContain('CSRF');
    const foreign = await browser.request('POST', '/sandbox/panel/accounts', { name: 'Forged', _csrf: other.csrf });
    expect(foreign.status).toBe(403);

    const after = await sandbox.control<{ data: Json[] }>('GET', '/sandbox/api/accounts');
    expect(after.body.data.length).toBe(before.body.data.length);
    const accepted = await browser.post('/sandbox/panel/accounts', { name: 'Real' });
    expect(accepted.status).toBe(200);
  });

  it('links the panel from the home page', async () => {
    const home = await sandbox.fetch<string>('/');
    expect(home.body).toContain('href="/sandbox/panel"');
  });
});
