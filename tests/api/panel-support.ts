import { beforeAll } from 'vitest';
import { ADMIN_TOKEN, type TestSandbox } from './support';

export interface PageResult {
  status: number;
  text: string;
  location: string | null;
  headers: Headers;
}

/** A browser stand-in for the panel: keeps the session cookie and the page's CSRF token. */
export class PanelBrowser {
  cookie = '';
  csrf = '';

  constructor(private readonly sandbox: TestSandbox) {}

  async request(method: 'GET' | 'POST', urlPath: string, form?: Record<string, string | string[]>): Promise<PageResult> {
    const headers: Record<string, string> = {};
    if (this.cookie !== '') headers.cookie = this.cookie;
    let body: URLSearchParams | undefined;
    if (form !== undefined) {
      body = new URLSearchParams();
      for (const [name, value] of Object.entries(form)) for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
    }
    const response = await fetch(`${this.sandbox.url}${urlPath}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    const csrf = /name="_csrf" value="([^"]+)"/.exec(text)?.[1];
    if (csrf !== undefined) this.csrf = csrf;
    return { status: response.status, text, location: response.headers.get('location'), headers: response.headers };
  }

  get(urlPath: string): Promise<PageResult> {
    return this.request('GET', urlPath);
  }

  /** A form post carrying the CSRF token of the last page seen, as a browser would. */
  post(urlPath: string, form: Record<string, string | string[]> = {}): Promise<PageResult> {
    return this.request('POST', urlPath, { _csrf: this.csrf, ...form });
  }

  async login(token = ADMIN_TOKEN): Promise<PageResult> {
    const result = await this.request('POST', '/sandbox/panel/login', { token });
    await this.get('/sandbox/panel/accounts');
    return result;
  }

  /** Follows a 303 like a browser (GET), returning the page landed on. */
  async follow(result: PageResult): Promise<PageResult> {
    if (result.status !== 303 || result.location === null)
      throw new Error(`expected a 303, got ${result.status}: ${result.text.slice(0, 400)}`);
    return this.get(result.location);
  }
}

/** A browser signed in to the panel before the file's first test (register after `setUpSandbox`). */
export function signedInBrowser(sandbox: TestSandbox): PanelBrowser {
  const browser = new PanelBrowser(sandbox);
  beforeAll(async () => {
    await browser.login();
  });
  return browser;
}

/** The single shown-once secret of a page (`pk_live_…` or `whsec_…`). */
export function shownSecret(text: string, prefix: 'pk_live_' | 'whsec_'): string {
  const match = new RegExp(`<code[^>]*>(${prefix}[^<]+)</code>`).exec(text);
  if (!match?.[1]) throw new Error(`no ${prefix} secret on the page`);
  return match[1];
}

/** Creates an account through the panel's form and returns its id and the key shown once. */
export async function createAccountInPanel(browser: PanelBrowser, form: Record<string, string | string[]> = {}) {
  await browser.get('/sandbox/panel/accounts/new');
  const result = await browser.post('/sandbox/panel/accounts', {
    name: 'Panel partner',
    tier: 'basic',
    capacity: '3',
    rate_limit_per_minute: '300',
    ...form,
  });
  if (result.status !== 200) throw new Error(`account creation answered ${result.status}: ${result.text.slice(0, 600)}`);
  const accountId = /accounts\/(acc_[A-Za-z0-9]+)/.exec(result.text)?.[1];
  if (accountId === undefined) throw new Error('no account id on the creation page');
  return { accountId, apiKey: shownSecret(result.text, 'pk_live_'), page: result };
}
