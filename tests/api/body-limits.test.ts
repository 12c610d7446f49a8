import { describe, expect, it } from 'vitest';
import { PNG, padded } from './attachment-samples';
import { accountWithConversation, upload } from './attachments-support';
import { accountWithRobot, expectError, listedRobot, pendingHandshake } from './channels-support';
import { rawRequest } from './hostile-http';
import { signedInBrowser } from './panel-support';
import { REQUEST_ID, setUpSandbox, type ErrorBody, type Json } from './support';

// Body caps (docs/sandbox/security.md): every surface refuses a body far above anything its routes
// accept with 413 before reading it; the attachment upload keeps its own larger cap (D14).

const sandbox = setUpSandbox();
const browser = signedInBrowser(sandbox);
const MIB = 1_048_576;

/** A body sent chunked (no Content-Length), so the cap must be enforced while it is read. */
function chunked(text: string): RequestInit {
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.slice(at, at + 64 * 1024));
      controller.close();
    },
  });
  return { body: stream, duplex: 'half' } as RequestInit;
}

/** A valid social_dm connect body (extra fields are ignored by the schema) of `size` bytes. */
const connectBody = (size: number) => {
  const shell = JSON.stringify({ type: 'social_dm', padding: '' });
  return JSON.stringify({ type: 'social_dm', padding: 'x'.repeat(size - shell.length) });
};

describe('JSON bodies over the cap', () => {
  it('/v1: 413 payload_too_large in the envelope, declared or chunked, and nothing is done', async () => {
    const { key, robot } = await accountWithRobot(sandbox);
    const path = `/v1/robots/${robot.id}/channels`;
    const headers = { 'Content-Type': 'application/json' };
    for (const init of [{ body: connectBody(MIB + 1) }, chunked(connectBody(MIB + 1))]) {
      const result = await sandbox.api<ErrorBody>(key, path, { method: 'POST', headers, ...init });
      expect(expectError(result, 413, 'payload_too_large')).toEqual({ limit_bytes: MIB });
    }
    expect((await listedRobot(sandbox, key, robot.id))?.channels).toEqual([]);
    // At the cap the body is read as usual: the same valid body connects.
    const atCap = await sandbox.api(key, path, { method: 'POST', headers, body: connectBody(MIB) });
    expect(atCap.status).toBe(201);
  });

  it('/v1: the key and the rate limit are still checked first (D25)', async () => {
    const result = await sandbox.api<ErrorBody>('pk_live_wrong', '/v1/robots/rb_x/channels', {
      method: 'POST',
      body: connectBody(MIB + 1),
    });
    expectError(result, 401, 'invalid_key');
  });

  it('/sandbox/api: 413 over 12 MiB; a 2 MB conversation (200 messages of 10,000 characters) is accepted', async () => {
    const { account_id } = await sandbox.createAccount();
    const robot = await sandbox.createRobot(account_id);
    const messages = Array.from({ length: 200 }, () => ({ role: 'client', text: 'y'.repeat(10_000) }));
    const accepted = await sandbox.control<Json>('POST', `/sandbox/api/robots/${robot.id}/conversations`, { messages });
    expect(accepted.status).toBe(201);
    const huge = await sandbox.control<ErrorBody>('POST', '/sandbox/api/accounts', { name: 'z'.repeat(12 * MIB) });
    expect(expectError(huge, 413, 'payload_too_large')).toEqual({ limit_bytes: 12 * MIB });
  });

  it('/v1/attachments keeps its own cap: a 1.5 MiB image uploads', async () => {
    const { key, conversationId } = await accountWithConversation(sandbox);
    const file = { bytes: padded(PNG, 1.5 * MIB), type: 'image/png', name: 'big.png' };
    expect((await upload(sandbox, key, { conversation_id: conversationId, file })).status).toBe(201);
  });

  it('a body a route answers without reading does not break the keep-alive connection it came on', async () => {
    const { key } = await accountWithRobot(sandbox);
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    for (let round = 0; round < 3; round += 1) {
      // Not multipart: refused (400) before the upload route reads the body.
      const refused = await rawRequest(sandbox.url, { method: 'POST', path: '/v1/attachments', headers, body: Buffer.alloc(700_000, 'x') });
      expect(refused.status).toBe(400);
      const next = await rawRequest(sandbox.url, { method: 'GET', path: '/v1/robots', headers: { authorization: `Bearer ${key}` } });
      expect(next.status).toBe(200);
    }
  });
});

describe("requests over Node's header limit", () => {
  it('answer 431 headers_too_large in the envelope with a request id, on any path', async () => {
    const { key } = await accountWithRobot(sandbox);
    const oversized: { path: string; headers: Record<string, string> }[] = [
      { path: '/v1/robots', headers: { authorization: `Bearer ${key}`, 'x-padding': 'x'.repeat(20_000) } },
      { path: '/v1/openapi.json', headers: { cookie: `a=${'x'.repeat(20_000)}` } },
      { path: `/v1/robots?limit=${'1'.repeat(20_000)}`, headers: { authorization: `Bearer ${key}` } },
    ];
    for (const request of oversized) {
      const answer = await rawRequest(sandbox.url, { method: 'GET', ...request });
      expect(answer.status, request.path.slice(0, 40)).toBe(431);
      expect(answer.headers['content-type']).toContain('application/json');
      const body = JSON.parse(answer.text) as ErrorBody;
      expect(body.error.code).toBe('headers_too_large');
      expect(body.error.details).toEqual({ limit_bytes: 16_384 });
      expect(body.error.request_id).toMatch(REQUEST_ID);
      expect(answer.headers['x-request-id']).toBe(body.error.request_id);
      expect(answer.headers['x-frame-options']).toBe('DENY');
    }
    // The refused connection is closed; the next request is served as usual.
    expect((await sandbox.api(key, '/v1/robots')).status).toBe(200);
  });
});

describe('forms over the cap', () => {
  it('panel: a 413 page, and nothing is created', async () => {
    const before = await sandbox.control<{ data: Json[] }>('GET', '/sandbox/api/accounts');
    await browser.get('/sandbox/panel/accounts/new');
    const result = await browser.post('/sandbox/panel/accounts', { name: 'Too big', tier: 'basic', padding: 'p'.repeat(300 * 1024) });
    expect(result.status).toBe(413);
    expect(result.text).toContain('Form too large');
    expect((await sandbox.control<{ data: Json[] }>('GET', '/sandbox/api/accounts')).body.data).toHaveLength(before.body.data.length);
  });

  it('consent screen: a 413 page, and the request stays open', async () => {
    const { handshake } = await pendingHandshake(sandbox);
    const consentUrl = handshake.authorisation_url;
    const response = await fetch(`${consentUrl}/approve`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `decision=approve&padding=${'p'.repeat(20 * 1024)}`,
      redirect: 'manual',
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain('Form too large');
    expect((await fetch(consentUrl)).status).toBe(200);
  });
});
