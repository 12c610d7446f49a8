import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { crossOriginProblem } from '@/app/_errors/access';
import { requestOrigin } from '@/lib/security/same-origin';

const post = (url: string, headers: Record<string, string>) => new Request(url, { method: 'POST', headers });

describe('the same-origin rule for route handlers that change things', () => {
  it('takes the browser’s Sec-Fetch-Site where it is sent: only same-origin passes', () => {
    const url = 'http://localhost:3100/api/attachments';
    expect(crossOriginProblem(post(url, { 'sec-fetch-site': 'same-origin', origin: 'http://evil.example' }))).toBeNull();
    for (const site of ['same-site', 'cross-site', 'none'])
      expect(crossOriginProblem(post(url, { 'sec-fetch-site': site, origin: 'http://localhost:3100' })), site).toMatch(/sent from/);
  });

  it('otherwise needs an Origin equal to the request’s own, as the host and forwarded headers give it', () => {
    const url = 'http://localhost:3100/api/handshakes/resume';
    expect(crossOriginProblem(post(url, { host: 'localhost:3100', origin: 'http://localhost:3100' }))).toBeNull();
    expect(crossOriginProblem(post(url, { host: 'localhost:3100', origin: 'http://localhost:3999' }))).toBe(
      'It came from http://localhost:3999, not from http://localhost:3100.',
    );
    expect(crossOriginProblem(post(url, { host: 'localhost:3100' }))).toMatch(/neither Sec-Fetch-Site nor Origin/);
    expect(crossOriginProblem(post(url, { host: 'localhost:3100', origin: 'null' }))).toMatch(/is not an origin/);
    // Behind a TLS proxy: the browser's origin is the forwarded one, default port and case aside.
    const proxied = { host: '127.0.0.1:3000', 'x-forwarded-host': 'Dash.Example.com:443', 'x-forwarded-proto': 'https' };
    expect(requestOrigin(post('http://127.0.0.1:3000/api/attachments', proxied))).toBe('https://dash.example.com');
    expect(
      crossOriginProblem(post('http://127.0.0.1:3000/api/attachments', { ...proxied, origin: 'https://dash.example.com' })),
    ).toBeNull();
    expect(
      crossOriginProblem(post('http://127.0.0.1:3000/api/attachments', { ...proxied, origin: 'http://dash.example.com' })),
    ).not.toBeNull();
  });

  it('is applied by every route handler that answers anything but GET', () => {
    const root = path.resolve(__dirname, '../..');
    const handlers = fs
      .readdirSync(path.join(root, 'app'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /(^|\/)route\.ts$/.test(file))
      .map((file) => path.join('app', file));
    // `export async function POST`, `export const POST =`, `export const { GET, POST } =`, `export { POST }`.
    const method = String.raw`\b(POST|PUT|PATCH|DELETE)\b`;
    const exportsChange = new RegExp(
      String.raw`export\s+(async\s+)?function\s+${method}|export\s+const\s+(${method}|\{[^}]*${method})|export\s*\{[^}]*${method}`,
    );
    const changing = handlers.filter((file) => exportsChange.test(fs.readFileSync(path.join(root, file), 'utf8')));
    // Auth.js's own endpoints check their CSRF token themselves.
    const authJs = path.join('app', 'api', 'auth', '[...nextauth]', 'route.ts');
    expect(changing, 'the pattern finds Auth.js’s POST too').toContain(authJs);
    const guarded = changing.filter((file) => file !== authJs);
    expect(guarded.length).toBeGreaterThanOrEqual(2);
    for (const file of guarded) expect(fs.readFileSync(path.join(root, file), 'utf8'), file).toContain('authoriseChangeRequest(request');
  });
});
