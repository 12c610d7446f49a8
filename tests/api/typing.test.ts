import { describe, expect, it } from 'vitest';
import { accountWithConversation } from './attachments-support';
import { expectError } from './channels-support';
import { expectAnswer, setUpSandbox } from './support';

const sandbox = setUpSandbox();

interface Typing {
  active: boolean;
  until: string | null;
}

function typing(key: string | undefined, conversationId: string, init: RequestInit = {}) {
  return sandbox.api(key, `/v1/conversations/${conversationId}/typing`, { method: 'POST', ...init });
}

const json = (body: unknown): RequestInit => ({ headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

async function indicator(conversationId: string): Promise<Typing> {
  return expectAnswer(await sandbox.admin.getConversation(conversationId), 200).typing;
}

describe('POST /v1/conversations/{conversation_id}/typing (D15)', () => {
  it('204 with no body; the indicator shows for 5 s on the sandbox clock', async () => {
    const { key, conversationId } = await accountWithConversation(sandbox);
    expect(await indicator(conversationId)).toEqual({ active: false, until: null });
    // The sandbox clock runs on wall time: the call is answered between these two reads of it.
    const before = (await sandbox.now()).getTime();
    const result = await typing(key, conversationId, json({ is_typing: true }));
    const after = (await sandbox.now()).getTime();
    expect(result.status).toBe(204);
    expect(result.body).toBe('');
    expect(result.headers.get('ratelimit-limit')).toBe('300');
    const shown = await indicator(conversationId);
    expect(shown.active).toBe(true);
    const until = Date.parse(shown.until ?? '');
    expect(until).toBeGreaterThanOrEqual(before + 5000);
    expect(until).toBeLessThanOrEqual(after + 5000);

    // Three seconds on, with two to spare for a slow machine, it still shows; five on, it cannot.
    await sandbox.advanceClock(3);
    expect((await indicator(conversationId)).active).toBe(true);
    await sandbox.advanceClock(2);
    expect(await indicator(conversationId)).toEqual({ active: false, until: shown.until });
  });

  it('defaults to is_typing true: empty JSON object, empty body, no body and no Content-Type', async () => {
    const { key, conversationId } = await accountWithConversation(sandbox);
    const bodies: RequestInit[] = [json({}), { headers: { 'Content-Type': 'application/json' }, body: '' }, {}, { body: '' }];
    for (const init of bodies) {
      await sandbox.advanceClock(10);
      expect((await indicator(conversationId)).active).toBe(false);
      expect((await typing(key, conversationId, init)).status).toBe(204);
      expect((await indicator(conversationId)).active).toBe(true);
    }
  });

  it('resending restarts the 5 s', async () => {
    const { key, conversationId } = await accountWithConversation(sandbox);
    await typing(key, conversationId);
    await sandbox.advanceClock(3);
    await typing(key, conversationId);
    // Six seconds after the first, which alone would have stopped showing.
    await sandbox.advanceClock(3);
    expect((await indicator(conversationId)).active).toBe(true);
    await sandbox.advanceClock(2);
    expect((await indicator(conversationId)).active).toBe(false);
  });

  it('is_typing false clears it at once; on a quiet conversation it changes nothing', async () => {
    const { key, conversationId } = await accountWithConversation(sandbox);
    expect((await typing(key, conversationId, json({ is_typing: false }))).status).toBe(204);
    expect(await indicator(conversationId)).toEqual({ active: false, until: null });
    await typing(key, conversationId);
    expect((await typing(key, conversationId, json({ is_typing: false }))).status).toBe(204);
    const cleared = await indicator(conversationId);
    expect(cleared.active).toBe(false);
    expect(Date.parse(cleared.until ?? '')).toBeLessThanOrEqual((await sandbox.now()).getTime());
  });

  it.each([['yes'], [1], [null], [{}], ['true']])('422 validation_failed when is_typing is %j', async (value) => {
    const { key, conversationId } = await accountWithConversation(sandbox);
    const details = expectError(await typing(key, conversationId, json({ is_typing: value })), 422, 'validation_failed');
    expect(details).toEqual({ issues: [{ path: 'is_typing', message: expect.any(String) as string }] });
    expect((await indicator(conversationId)).active).toBe(false);
  });

  it('422 when the body is JSON but not an object', async () => {
    const { key, conversationId } = await accountWithConversation(sandbox);
    for (const body of [[], 'true', null, 5]) expectError(await typing(key, conversationId, json(body)), 422, 'validation_failed');
  });

  it('400 invalid_json for unparseable JSON or a non-JSON body', async () => {
    const { key, conversationId } = await accountWithConversation(sandbox);
    expectError(
      await typing(key, conversationId, { headers: { 'Content-Type': 'application/json' }, body: '{"is_typing":' }),
      400,
      'invalid_json',
    );
    expectError(
      await typing(key, conversationId, { headers: { 'Content-Type': 'text/plain' }, body: 'is_typing=true' }),
      400,
      'invalid_json',
    );
  });

  it("404 for an unknown conversation, another partner's, or one whose robot was deleted", async () => {
    const { key } = await accountWithConversation(sandbox);
    expectError(await typing(key, 'conv_unknown'), 404, 'not_found');
    const other = await accountWithConversation(sandbox);
    expectError(await typing(key, other.conversationId), 404, 'not_found');
    expect((await indicator(other.conversationId)).active).toBe(false);
    expect((await sandbox.api(other.key, `/v1/robots/${other.robot.id}`, { method: 'DELETE' })).status).toBe(204);
    expectError(await typing(other.key, other.conversationId), 404, 'not_found');
  });

  it('order of checks: 401, 400 (path, body parse), 404, 422', async () => {
    const { key, conversationId } = await accountWithConversation(sandbox);
    const other = await accountWithConversation(sandbox);
    expectError(await typing('pk_live_wrong', 'x'.repeat(300)), 401, 'invalid_key');
    expectError(await typing(key, 'x'.repeat(300), json({ is_typing: 'no' })), 400, 'invalid_parameter');
    expectError(
      await typing(key, other.conversationId, { headers: { 'Content-Type': 'application/json' }, body: '{' }),
      400,
      'invalid_json',
    );
    expectError(await typing(key, other.conversationId, json({ is_typing: 'no' })), 404, 'not_found');
    expectError(await typing(key, conversationId, json({ is_typing: 'no' })), 422, 'validation_failed');
  });

  it('is in the OpenAPI document with an optional JSON body and a 204', async () => {
    const doc = await sandbox.fetch<{
      paths: Record<string, Record<string, { requestBody: { required?: boolean }; responses: Record<string, unknown> }>>;
    }>('/v1/openapi.json');
    const op = doc.body.paths['/v1/conversations/{conversation_id}/typing']?.post;
    expect(op?.requestBody.required).toBe(false);
    expect(op?.responses).toHaveProperty('204');
  });
});
