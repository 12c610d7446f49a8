import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../sandbox/app';
import { createSandboxContext } from '../../sandbox/server';
import { rawRequest } from './hostile-http';
import { ADMIN_TOKEN, setUpSandbox, type ErrorBody } from './support';

type Doc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }>; schemas: Record<string, unknown> };
  security: Record<string, unknown[]>[];
};

const sandbox = setUpSandbox();
let doc: Doc;

beforeAll(async () => {
  const result = await sandbox.fetch<Doc>('/v1/openapi.json');
  expect(result.status).toBe(200);
  doc = result.body;
});

/** "GET /v1/robots/{robot_id}" for every /v1 route the Hono app actually serves. */
function servedV1Routes(): Set<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-routes-'));
  const ctx = createSandboxContext(dir, () => {});
  try {
    const { app } = createApp(ctx, ADMIN_TOKEN);
    return new Set(
      app.routes
        .filter((route) => route.method !== 'ALL' && route.path.startsWith('/v1/'))
        .map((route) => `${route.method} ${route.path.replace(/:([^/]+)/g, '{$1}')}`),
    );
  } finally {
    ctx.store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('GET /v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document with a bearer scheme, needing no key', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.version).toBe('v1');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.schemas).toHaveProperty('Error');
    expect(doc.components.schemas).toHaveProperty('Robot');
  });

  it('describes exactly the /v1 routes the app serves', () => {
    const documented = new Set<string>();
    for (const [route, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) documented.add(`${method.toUpperCase()} ${route}`);
    }
    const served = servedV1Routes();
    expect([...documented].sort()).toEqual([...served].sort());
    expect(served).toContain('GET /v1/robots');
    expect(served).toContain('DELETE /v1/robots/{robot_id}');
  });

  it('gives keyed operations 401 and 429 error responses in the envelope schema', () => {
    for (const [route, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const keyless = Array.isArray(op.security) && op.security.length === 0;
        if (keyless) continue;
        for (const status of ['401', '429', '500', '503']) {
          expect(op.responses, `${method} ${route} ${status}`).toHaveProperty(status);
          expect(JSON.stringify(op.responses[status])).toContain('#/components/schemas/Error');
        }
      }
    }
    expect(doc.paths['/v1/robots']?.get?.responses).toHaveProperty('400');
    expect(doc.paths['/v1/robots/{robot_id}']?.delete?.responses).toHaveProperty('404');
  });

  it('declares on every operation each status any path can answer, and no catch-all default', () => {
    for (const [route, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        // An unparseable request, a trailing slash, Node's limits, the body cap (whatever the method), a failure.
        for (const status of ['400', '404', '408', '413', '431', '500']) {
          expect(op.responses, `${method} ${route} ${status}`).toHaveProperty(status);
          expect(JSON.stringify(op.responses[status])).toContain('#/components/schemas/Error');
        }
        expect(op.responses, `${method} ${route}`).not.toHaveProperty('default');
      }
    }
  });

  it('answers a body over the cap on a GET and a keyless route with the declared 413 envelope', async () => {
    for (const path of ['/v1/openapi.json', '/v1/reference']) {
      // fetch sends no body with a GET; the raw client does.
      const answer = await rawRequest(sandbox.url, { method: 'GET', path, headers: {}, body: Buffer.alloc(1_048_577, 'x') });
      const result = { status: answer.status, body: JSON.parse(answer.text) as ErrorBody };
      expect(result.status, path).toBe(413);
      expect(result.body.error.code).toBe('payload_too_large');
      expect(result.body.error.request_id).toBe(answer.headers['x-request-id']);
    }
  });
});

describe('GET /v1/reference', () => {
  it('is a self-contained HTML page listing every operation', async () => {
    const result = await sandbox.fetch<string>('/v1/reference');
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toContain('text/html');
    const html = result.body;
    expect(html).toContain('<!doctype html>');
    for (const [route, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) {
        expect(html).toContain(method.toUpperCase());
        expect(html).toContain(`<code>${route}</code>`);
      }
    }
    // No external scripts, stylesheets or fonts: the machine may have no internet.
    expect(html).not.toMatch(/<script[^>]+src=/i);
    expect(html).not.toMatch(/<link[^>]+href=["']https?:/i);
    expect(html).not.toMatch(/(src|href)=["']https?:\/\//i);
  });

  it('is linked from the home page', async () => {
    const home = await sandbox.fetch<string>('/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('href="/v1/reference"');
    expect(home.body).toContain('href="/v1/openapi.json"');
  });
});
