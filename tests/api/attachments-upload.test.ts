import { beforeAll, describe, expect, it } from 'vitest';
import { AAC, AVI, ftyp, GIF, JPEG, M4A, MOV, MP4, OGG_THEORA, PDF, PNG, WAV, WEBM, WEBP } from './attachment-samples';
import { accountWithConversation, expectFileRefused, storedAttachments, upload, uploaded, type FilePart } from './attachments-support';
import { expectError } from './channels-support';
import { setUpSandbox } from './support';

const sandbox = setUpSandbox();
let setup: Awaited<ReturnType<typeof accountWithConversation>>;

beforeAll(async () => {
  setup = await accountWithConversation(sandbox, { tier: 'professional' });
});

const send = (file: FilePart, conversationId = setup.conversationId) =>
  upload(sandbox, setup.key, { conversation_id: conversationId, file });

describe('POST /v1/attachments: accepted media types', () => {
  const accepted: [string, Uint8Array, string][] = [
    ['image/jpeg', JPEG, 'image'],
    ['image/png', PNG, 'image'],
    ['video/mp4', MP4, 'video'],
    ['video/quicktime', MOV, 'video'],
    ['video/webm', WEBM, 'video'],
    ['video/ogg', OGG_THEORA, 'video'],
    ['video/x-msvideo', AVI, 'video'],
    ['audio/aac', AAC, 'voice'],
    ['audio/mp4', M4A, 'voice'],
    ['audio/x-m4a', M4A, 'voice'],
    ['audio/wav', WAV, 'voice'],
    ['application/pdf', PDF, 'document'],
  ];

  it.each(accepted)('%s → 201, type %s', async (type, bytes, kind) => {
    const result = await send({ bytes, type, name: 'sample.file' });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    expect(Object.keys(result.body).sort()).toEqual(['id', 'identifier', 'name', 'type', 'url']);
    expect(result.body).toMatchObject({ name: 'sample.file', type: kind });
    expect(result.body.id).toMatch(/^att_[0-9A-Za-z]{16}$/);
    expect(result.body.identifier).not.toBe('');
  });

  const alternatives: [string, Uint8Array, string, string][] = [
    ['image/jpg', JPEG, 'image', 'image/jpeg'],
    ['video/avi', AVI, 'video', 'video/x-msvideo'],
    ['audio/m4a', M4A, 'voice', 'audio/x-m4a'],
    ['audio/wave', WAV, 'voice', 'audio/wav'],
    ['audio/x-wav', WAV, 'voice', 'audio/wav'],
    ['audio/vnd.wave', WAV, 'voice', 'audio/wav'],
  ];

  it.each(alternatives)('alternative spelling %s → 201 as %s, stored as %s', async (type, bytes, kind, canonical) => {
    const body = await uploaded(sandbox, setup.key, setup.conversationId, { bytes, type });
    expect(body.type).toBe(kind);
    const record = (await storedAttachments(sandbox, setup.conversationId)).find((a) => a.id === body.id);
    expect(record?.media_type).toBe(canonical);
    // The file is served under the canonical type.
    const served = await fetch(body.url);
    expect(served.headers.get('content-type')).toBe(canonical);
  });

  it('reads the declared type case-insensitively and without parameters', async () => {
    expect((await send({ bytes: PNG, type: 'IMAGE/PNG' })).status).toBe(201);
  });

  it('maps container families: an isom-branded MP4 as audio/mp4, an mp42 file as quicktime, an M4A as video/mp4', async () => {
    expect((await send({ bytes: MP4, type: 'audio/mp4' })).status).toBe(201);
    expect((await send({ bytes: ftyp('mp42'), type: 'video/quicktime' })).status).toBe(201);
    expect((await send({ bytes: M4A, type: 'video/mp4' })).status).toBe(201);
  });

  it('keeps the uploaded filename, unicode included', async () => {
    const body = await uploaded(sandbox, setup.key, setup.conversationId, {
      bytes: PDF,
      type: 'application/pdf',
      name: 'Rechnung März.pdf',
    });
    expect(body.name).toBe('Rechnung März.pdf');
  });
});

describe('POST /v1/attachments: refused files (422 validation_failed, nothing stored)', () => {
  it.each([
    ['image/gif', GIF],
    ['image/webp', WEBP],
    ['image/svg+xml', Uint8Array.from(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))],
    ['text/plain', Uint8Array.from(Buffer.from('hello'))],
    ['application/octet-stream', PDF],
  ])('%s is not on the allowlist', async (type, bytes) => {
    const fresh = await accountWithConversation(sandbox);
    const result = await upload(sandbox, fresh.key, { conversation_id: fresh.conversationId, file: { bytes, type } });
    expect(expectFileRefused(result)).toContain('not accepted');
    expect(await storedAttachments(sandbox, fresh.conversationId)).toEqual([]);
  });

  it.each([
    ['GIF bytes declared image/png', GIF, 'image/png'],
    ['PNG bytes declared image/jpeg', PNG, 'image/jpeg'],
    ['WAV bytes declared audio/aac', WAV, 'audio/aac'],
    ['PDF bytes declared video/mp4', PDF, 'video/mp4'],
    ['AVI bytes declared audio/wav', AVI, 'audio/wav'],
    ['WebP bytes declared image/png', WEBP, 'image/png'],
    ['a HEIC image declared video/mp4', ftyp('heic'), 'video/mp4'],
    ['plain text declared application/pdf', Uint8Array.from(Buffer.from('not a pdf at all')), 'application/pdf'],
    ['an empty file declared image/png', new Uint8Array(0), 'image/png'],
  ])('%s: the leading bytes do not match', async (_, bytes, type) => {
    const fresh = await accountWithConversation(sandbox);
    const result = await upload(sandbox, fresh.key, { conversation_id: fresh.conversationId, file: { bytes, type } });
    expect(expectFileRefused(result)).toContain('leading bytes');
    expect(await storedAttachments(sandbox, fresh.conversationId)).toEqual([]);
  });
});

describe('POST /v1/attachments: request errors', () => {
  it('400 invalid_parameter for a missing conversation_id or file, naming it', async () => {
    let details = expectError(await upload(sandbox, setup.key, { file: { bytes: PNG, type: 'image/png' } }), 400, 'invalid_parameter');
    expect(details).toMatchObject({ parameter: 'conversation_id' });
    details = expectError(await upload(sandbox, setup.key, { conversation_id: setup.conversationId }), 400, 'invalid_parameter');
    expect(details).toMatchObject({ parameter: 'file' });
    details = expectError(await upload(sandbox, setup.key, {}), 400, 'invalid_parameter');
    expect(details).toMatchObject({ parameter: 'conversation_id' });
  });

  it('400 invalid_parameter when file is a text field or a field is repeated', async () => {
    const form = new FormData();
    form.append('conversation_id', setup.conversationId);
    form.append('file', 'just text');
    const details = expectError(await sandbox.api(setup.key, '/v1/attachments', { method: 'POST', body: form }), 400, 'invalid_parameter');
    expect(details).toMatchObject({ parameter: 'file' });

    const twice = new FormData();
    twice.append('conversation_id', setup.conversationId);
    twice.append('conversation_id', setup.conversationId);
    twice.append('file', new Blob([PNG], { type: 'image/png' }), 'a.png');
    const repeated = expectError(
      await sandbox.api(setup.key, '/v1/attachments', { method: 'POST', body: twice }),
      400,
      'invalid_parameter',
    );
    expect(repeated).toMatchObject({ parameter: 'conversation_id' });
  });

  it('400 invalid_json for a body that is not multipart/form-data (D2: wrong content type)', async () => {
    const json = await sandbox.api(setup.key, '/v1/attachments', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ conversation_id: setup.conversationId }),
    });
    expectError(json, 400, 'invalid_json');
    expectError(await sandbox.api(setup.key, '/v1/attachments', { method: 'POST' }), 400, 'invalid_json');
    const broken = await sandbox.api(setup.key, '/v1/attachments', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
      body: 'this is not a multipart body',
    });
    expectError(broken, 400, 'invalid_json');
  });

  it("404 for an unknown conversation, another partner's, or one whose robot was deleted", async () => {
    expectError(await send({ bytes: PNG, type: 'image/png' }, 'conv_doesnotexist00'), 404, 'not_found');
    const other = await accountWithConversation(sandbox);
    expectError(await send({ bytes: PNG, type: 'image/png' }, other.conversationId), 404, 'not_found');
    expect(await storedAttachments(sandbox, other.conversationId)).toEqual([]);

    const gone = await accountWithConversation(sandbox);
    expect((await sandbox.api(gone.key, `/v1/robots/${gone.robot.id}`, { method: 'DELETE' })).status).toBe(204);
    const result = await upload(sandbox, gone.key, { conversation_id: gone.conversationId, file: { bytes: PNG, type: 'image/png' } });
    expectError(result, 404, 'not_found');
  });

  it('401 without a valid key, before anything else', async () => {
    expectError(await upload(sandbox, undefined, {}), 401, 'invalid_key');
    expectError(
      await upload(sandbox, 'pk_live_wrong', { conversation_id: setup.conversationId, file: { bytes: PNG, type: 'image/png' } }),
      401,
      'invalid_key',
    );
  });

  it('is in the OpenAPI document as a multipart upload', async () => {
    const doc = await sandbox.fetch<{ paths: Record<string, Record<string, { requestBody: { content: Record<string, unknown> } }>> }>(
      '/v1/openapi.json',
    );
    const op = doc.body.paths['/v1/attachments']?.post;
    expect(Object.keys(op?.requestBody.content ?? {})).toEqual(['multipart/form-data']);
  });
});
