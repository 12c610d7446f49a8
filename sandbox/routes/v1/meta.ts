import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env';
import { renderReferencePage } from '../../openapi/reference-page';
import { styleNonce } from '../../http/security-headers';
import { keylessErrorResponses, requestIdHeader } from './schemas';

type OpenApiDocument = ReturnType<OpenAPIHono<AppEnv>['getOpenAPI31Document']>;

const openapiRoute = createRoute({
  method: 'get',
  path: '/v1/openapi.json',
  operationId: 'getOpenApiDocument',
  tags: ['Reference'],
  summary: 'OpenAPI document',
  description: 'This document (OpenAPI 3.1). Needs no key.',
  security: [],
  responses: {
    200: {
      description: 'OpenAPI 3.1 document.',
      headers: requestIdHeader,
      content: { 'application/json': { schema: z.looseObject({ openapi: z.string() }) } },
    },
    ...keylessErrorResponses(),
  },
});

const referenceRoute = createRoute({
  method: 'get',
  path: '/v1/reference',
  operationId: 'getApiReference',
  tags: ['Reference'],
  summary: 'API reference (HTML)',
  description: 'A readable page rendered from the OpenAPI document. Needs no key.',
  security: [],
  responses: {
    200: { description: 'HTML page.', headers: requestIdHeader, content: { 'text/html': { schema: z.string() } } },
    ...keylessErrorResponses(),
  },
});

function openApiDocument(app: OpenAPIHono<AppEnv>): OpenApiDocument {
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Chat Automation Partner API (sandbox)',
      version: 'v1',
      description:
        'Stateful sandbox of the partner API v1. Errors use `{error: {code, message, request_id, details}}`; every response carries `X-Request-Id`; keyed responses carry `RateLimit-*` headers.',
    },
    security: [{ bearerAuth: [] }],
  });
}

export function registerMetaRoutes(app: OpenAPIHono<AppEnv>): void {
  // Built on first request, after every route module has registered, then reused. The page is
  // rendered per request: it carries that response's CSP nonce.
  let document: OpenApiDocument | undefined;
  const doc = () => (document ??= openApiDocument(app));

  // `servers` is the origin this request reached, so a client generated from the document calls
  // the sandbox it was read from (127.0.0.1, or this machine's address when listening beyond it).
  const served = (url: string): OpenApiDocument => ({ ...doc(), servers: [{ url: new URL(url).origin, description: 'This sandbox.' }] });
  app.openapi(openapiRoute, (c) => c.json(served(c.req.url), 200));
  app.openapi(referenceRoute, (c) => c.html(renderReferencePage(served(c.req.url), styleNonce(c)), 200));
}
