import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAnswer, postConversation, type Json } from './support';
import { setUpSandboxAndReceiver, verify, waitFor } from './webhooks-support';

// What a client generator needs from /v1/openapi.json beyond the routes: stable operation ids,
// the server to call, the webhook payloads and signature headers, examples, and only the
// contract's optional fields marked optional.

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {});

const { sandbox, receiver } = setUpSandboxAndReceiver();
let doc: Obj;
beforeAll(async () => {
  doc = (await sandbox.fetch<Obj>('/v1/openapi.json')).body;
});

const schemas = () => obj(obj(doc.components).schemas);
const required = (name: string) => obj(schemas()[name]).required as string[] | undefined;

/** The document's own JSON Schema for `schema` (with its `$ref`s resolved), as a zod validator. */
function validator(schema: unknown): z.ZodType {
  const withDefs = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(withDefs);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' ? v.replace('#/components/schemas/', '#/$defs/') : withDefs(v),
      ]),
    );
  };
  return z.fromJSONSchema({ ...obj(withDefs(schema)), $defs: obj(withDefs(schemas())) } as Parameters<typeof z.fromJSONSchema>[0]);
}

const operations = () =>
  Object.entries(obj(doc.paths)).flatMap(([path, item]) =>
    Object.entries(obj(item)).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation: obj(operation) })),
  );

/** The contract's event types (D17). */
const EVENT_TYPES = ['chat.started', 'chat.closed', 'message.received', 'message.sent', 'message.failed', 'test'];

describe('/v1/openapi.json for generators', () => {
  it('gives every operation a unique, camelCase operationId, the same from one release to the next', () => {
    const ids = Object.fromEntries(operations().map(({ name, operation }) => [name, operation.operationId]));
    expect(ids).toEqual({
      'GET /v1/robots': 'listRobots',
      'DELETE /v1/robots/{robot_id}': 'deleteRobot',
      'POST /v1/robots/{robot_id}/channels': 'connectChannel',
      'PATCH /v1/robots/{robot_id}/channels/{channel_id}': 'updateChannel',
      'GET /v1/robots/{robot_id}/channels/{channel_id}/rules/{rule_id}': 'getRule',
      'GET /v1/usage': 'getUsage',
      'POST /v1/attachments': 'uploadAttachment',
      'POST /v1/conversations/{conversation_id}/typing': 'setTyping',
      'POST /v1/webhooks/test': 'sendTestEvent',
      'GET /v1/webhooks/deliveries': 'listWebhookDeliveries',
      'GET /v1/webhooks/deliveries/{delivery_id}': 'getWebhookDelivery',
      'GET /v1/openapi.json': 'getOpenApiDocument',
      'GET /v1/reference': 'getApiReference',
    });
    const all = [...Object.values(ids), ...Object.values(obj(doc.webhooks)).map((item) => obj(obj(item).post).operationId)];
    for (const id of all) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(new Set(all).size).toBe(all.length);
  });

  it("names the sandbox's own origin in servers", () => {
    expect(doc.servers).toEqual([{ url: sandbox.url, description: 'This sandbox.' }]);
  });

  it('lists each event type of the contract under webhooks, with the Standard Webhooks headers and a payload schema', () => {
    const webhooks = obj(doc.webhooks);
    expect(Object.keys(webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    for (const type of EVENT_TYPES) {
      const post = obj(obj(webhooks[type]).post);
      const headers = (post.parameters as Obj[]).filter((p) => p.in === 'header');
      expect(headers.map((h) => [h.name, h.required === true]).sort(), type).toEqual([
        ['webhook-id', true],
        ['webhook-signature', true],
        ['webhook-timestamp', true],
        ['x-webhook-token', false],
      ]);
      const body = obj(obj(obj(obj(post.requestBody).content)['application/json']).schema);
      const schema = obj(schemas()[String(body.$ref).replace('#/components/schemas/', '')]);
      const typeProperty = obj(obj(schema.properties).type);
      expect(typeProperty.enum ?? [typeProperty.const], type).toEqual([type]);
      // Each payload's example is a payload of that type.
      expect(validator(body).safeParse(schema.example).success, type).toBe(true);
    }
  });

  it('describes the payloads a receiver actually gets, signed as the headers say', async () => {
    const { account_id, webhook_secret, api_key } = await sandbox.createAccount({
      webhook: { url: receiver.url, auth_token: 'receiver-token' },
    });
    const robot = await sandbox.createRobot(account_id, { channels: [{ type: 'widget', is_active: true }] });
    const conversation = await postConversation(sandbox, robot.id, [{ role: 'client' }, { role: 'ai', at: new Date().toISOString() }]);
    expectAnswer(await sandbox.admin.closeConversation(conversation), 200);
    expect((await sandbox.api(api_key, '/v1/webhooks/test', { method: 'POST' })).status).toBe(202);

    const received = await waitFor(() => (receiver.requests.length >= 5 ? receiver.requests : undefined), 'five deliveries');
    const webhooks = obj(doc.webhooks);
    const types = new Set<string>();
    for (const request of received) {
      verify(webhook_secret, request);
      expect(request.headers['x-webhook-token']).toBe('receiver-token');
      const payload = JSON.parse(request.body) as Json;
      const type = String(payload.type);
      types.add(type);
      const body = obj(obj(obj(obj(obj(webhooks[type]).post).requestBody).content)['application/json']).schema;
      const parsed = validator(body).safeParse(payload);
      expect(parsed.success, `${type}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(request.headers['webhook-id']).toBe(payload.id);
    }
    expect([...types].sort()).toEqual(['chat.closed', 'chat.started', 'message.received', 'message.sent', 'test']);
  });

  it('marks optional exactly the response fields the contract lets be absent', () => {
    // Channel: "All fields except the status discriminator are optional in responses."
    expect(required('Channel')).toEqual(['status']);
    // Error object: "{error: {code, message, request_id, details}}, all optional."
    expect(required('Error')).toEqual(['error']);
    expect(obj(obj(obj(schemas().Error).properties).error).required).toBeUndefined();
    // Usage: channel, by_source and totals come "only with breakdown=source".
    expect(required('Usage')?.sort()).toEqual(['channels_connected', 'conversations', 'external_id', 'messages', 'name', 'robot_id']);
    expect(Object.keys(obj(obj(schemas().Usage).properties))).toEqual(expect.arrayContaining(['channel', 'by_source', 'totals']));
    // Nothing else was relaxed: the fields the contract does not call optional stay required.
    expect(required('Robot')?.sort()).toEqual(['channels', 'created_at', 'external_id', 'id', 'name']);
    expect(required('PendingChannel')?.sort()).toEqual(['authorisation_url', 'expires_at', 'id', 'robot_id', 'status', 'type']);
    expect(required('Pagination')?.sort()).toEqual(['has_more', 'limit', 'offset', 'total_count']);
  });

  it('gives the main responses examples that match their own schemas', () => {
    for (const name of ['Robot', 'Channel', 'PendingChannel', 'UsageReport', 'Delivery', 'TestEventResult', 'Error']) {
      const schema = obj(schemas()[name]);
      expect(schema.example, name).toBeDefined();
      const parsed = validator({ $ref: `#/components/schemas/${name}` }).safeParse(schema.example);
      expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it('shows the examples, the operation ids, the webhooks and how to verify a delivery on /v1/reference', async () => {
    const page = await sandbox.fetch<string>('/v1/reference');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<code class="opid">listRobots</code>');
    expect(page.body).toContain('<h2>Webhooks</h2>');
    for (const type of EVENT_TYPES) expect(page.body).toContain(`<td><code>${type}</code></td>`);
    expect(page.body).toContain('<h3 id="verify">Verify a delivery</h3>');
    expect(page.body).toContain('new Webhook(process.env.WEBHOOK_SECRET).verify(body, {');
    // Examples are escaped JSON inside the schema's own section.
    expect(page.body).toMatch(
      /id="schema-Robot">[\s\S]*?<summary>Example<\/summary><pre><code>\{\n {2}&quot;id&quot;: &quot;rb_8Jd0sPq2LmX4vN7a&quot;/,
    );
  });
});
