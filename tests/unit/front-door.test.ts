import { describe, expect, it } from 'vitest';
import { answerHeaders, originRefusal } from '../../scripts/front-door';

const PUBLIC = new URL('https://dashboard.example.com');

describe('the server in front of Next', () => {
  it('puts the fixed headers on every answer, and HSTS when the public origin is HTTPS', () => {
    const names = (headers: [string, string][]) => headers.map(([name]) => name);
    const fixed = ['X-Content-Type-Options', 'Referrer-Policy', 'X-Frame-Options', 'Permissions-Policy'];
    expect(names(answerHeaders({}, PUBLIC))).toEqual([...fixed, 'Strict-Transport-Security']);
    expect(names(answerHeaders({}, new URL('http://localhost:3000')))).toEqual(fixed);
    // Without a fixed origin, HTTPS is what the proxy reports.
    expect(names(answerHeaders({}, null))).toEqual(fixed);
    expect(names(answerHeaders({ 'x-forwarded-proto': 'https' }, null))).toEqual([...fixed, 'Strict-Transport-Security']);
  });

  it('passes requests for the public origin, as a proxy forwards them or directly', () => {
    const forwarded = { host: '127.0.0.1:3000', 'x-forwarded-host': 'dashboard.example.com', 'x-forwarded-proto': 'https' };
    expect(originRefusal(forwarded, '/login', PUBLIC)).toBeNull();
    expect(originRefusal({ host: 'dashboard.example.com:443', 'x-forwarded-proto': 'https' }, '/', PUBLIC)).toBeNull();
    expect(originRefusal({ host: 'localhost:3000' }, '/robots', new URL('http://localhost:3000'))).toBeNull();
    // Nothing fixed: every origin is the request's own.
    expect(originRefusal({ host: 'anything:1' }, '/', null)).toBeNull();
  });

  it("names the header to set when the proxy does not forward the browser's scheme or host", () => {
    expect(originRefusal({ host: 'dashboard' }, '/login', PUBLIC)).toMatch(
      /arrived over http, .*https:\/\/dashboard\.example\.com \(AUTH_URL\).*X-Forwarded-Proto/,
    );
    expect(originRefusal({ host: 'dashboard', 'x-forwarded-proto': 'https' }, '/login', PUBLIC)).toMatch(
      /host "dashboard".*X-Forwarded-Host/,
    );
    expect(originRefusal({ host: 'a', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }, '/', PUBLIC)).toContain(
      'X-Forwarded-Host',
    );
  });

  it('lets machines reach the health check and the receiver whatever the proxy forwards', () => {
    expect(originRefusal({ host: 'dashboard' }, '/api/health', PUBLIC)).toBeNull();
    expect(originRefusal({ host: 'dashboard' }, '/api/webhooks/partner', PUBLIC)).toBeNull();
    expect(originRefusal({ host: 'dashboard' }, '/api/healthz', PUBLIC)).not.toBeNull();
    expect(originRefusal({ host: 'dashboard' }, '/api/health/../../login', PUBLIC)).not.toBeNull();
  });
});
