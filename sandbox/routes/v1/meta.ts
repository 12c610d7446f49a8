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

/** One entry per tag the operations and webhook events use, in the order of `docs/contract/endpoints.md`. */
const TAGS = [
  { name: 'Robots', description: "The account's chatbot workspaces: list them with their channels, or delete one." },
  {
    name: 'Channels',
    description:
      'Connect a `messenger_bot` (with its token) or `social_dm` channel (through a consent handshake) to a robot; switch one on or off.',
  },
  { name: 'Rules', description: 'Read one social-DM automation rule of a channel.' },
  { name: 'Usage', description: 'Per-robot activity (messages and conversations) over a time window; figures come from a cache.' },
  { name: 'Attachments', description: 'Upload a file (`multipart/form-data`) to send later in one conversation.' },
  { name: 'Conversations', description: 'Show the end customer that an operator is typing.' },
  {
    name: 'Webhooks',
    description: 'Queue a test delivery, look up deliveries and their attempts; the `webhooks` section lists the events delivered.',
  },
  { name: 'Reference', description: 'This document and the page rendered from it; they need no key.' },
];

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
    tags: TAGS,
  });
}

export function registerMetaRoutes(app: OpenAPIHono<AppEnv>): void {
  // Built on first request, after every route module has registered, then reused. The page is
  // rendered per request: it carries that response's CSP nonce.
  let document: OpenApiDocument | undefined;
  const doc = () => (document ??= openApiDocument(app));

  // `servers` is the origin this request reached, so a client generated from the document calls
  // the sandbox it was read from (127.0.0.1, or this machine's address when listening beyond it).
  // The contact is this sandbox's own reference page, at the same origin.
  const served = (url: string): OpenApiDocument => {
    const { origin } = new URL(url);
    const built = doc();
    return {
      ...built,
      info: { ...built.info, contact: { name: 'Partner API sandbox reference', url: `${origin}/v1/reference` } },
      servers: [{ url: origin, description: 'This sandbox.' }],
    };
  };
  app.openapi(openapiRoute, (c) => c.json(served(c.req.url), 200));
  app.openapi(referenceRoute, (c) => c.html(renderReferencePage(served(c.req.url), styleNonce(c)), 200));
}
