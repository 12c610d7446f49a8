import { describe, expect, it } from 'vitest';
import { AVI, GIF, JPEG, MP4, padded, PDF, PNG, WAV } from './attachment-samples';
import { accountWithConversation, MB, storedAttachments, upload, type FilePart } from './attachments-support';
import { expectError } from './channels-support';
import { setUpSandbox } from './support';

const sandbox = setUpSandbox();

const samples = {
  image: { bytes: JPEG, type: 'image/jpeg' },
  video: { bytes: MP4, type: 'video/mp4' },
  voice: { bytes: WAV, type: 'audio/wav' },
  document: { bytes: PDF, type: 'application/pdf' },
} as const;

type Kind = keyof typeof samples;

const sized = (kind: Kind, size: number): FilePart => ({ ...samples[kind], bytes: padded(samples[kind].bytes, size) });

describe('POST /v1/attachments: size caps per plan (MB = 1,048,576 bytes)', () => {
  const caps: [string, Kind, number][] = [
    ['basic', 'image', 2],
    ['basic', 'video', 10],
    ['basic', 'voice', 5],
    ['basic', 'document', 5],
    ['professional', 'image', 4],
    ['professional', 'video', 20],
    ['professional', 'voice', 10],
    ['professional', 'document', 10],
  ];

  it.each(caps)('%s %s: exactly %i MB is accepted, one byte more is 422 with kind, cap_mb, size_bytes', async (tier, kind, capMb) => {
    const { key, conversationId } = await accountWithConversation(sandbox, { tier });
    const at = await upload(sandbox, key, { conversation_id: conversationId, file: sized(kind, capMb * MB) });
    expect(at.status, JSON.stringify(at.body)).toBe(201);
    expect(at.body.type).toBe(kind);

    const over = await upload(sandbox, key, { conversation_id: conversationId, file: sized(kind, capMb * MB + 1) });
    const details = expectError(over, 422, 'validation_failed');
    expect(details).toEqual({ kind, cap_mb: capMb, size_bytes: capMb * MB + 1 });
    expect((await storedAttachments(sandbox, conversationId)).map((a) => a.size_bytes)).toEqual([capMb * MB]);
  });

  it('business uses the professional caps (D6)', async () => {
    const { key, conversationId } = await accountWithConversation(sandbox, { tier: 'business' });
    expect((await upload(sandbox, key, { conversation_id: conversationId, file: sized('image', 4 * MB) })).status).toBe(201);
    const details = expectError(
      await upload(sandbox, key, { conversation_id: conversationId, file: sized('image', 4 * MB + 1) }),
      422,
      'validation_failed',
    );
    expect(details).toEqual({ kind: 'image', cap_mb: 4, size_bytes: 4 * MB + 1 });
  });

  it('applies the tier at upload time: a plan change moves the cap', async () => {
    const { account, key, conversationId } = await accountWithConversation(sandbox);
    const file = sized('image', 3 * MB);
    expectError(await upload(sandbox, key, { conversation_id: conversationId, file }), 422, 'validation_failed');
    await sandbox.patchAccount(account.account_id, { tier: 'professional' });
    expect((await upload(sandbox, key, { conversation_id: conversationId, file })).status).toBe(201);
  });

  it('413 payload_too_large for a body over the largest cap + 1 MiB, without reading it', async () => {
    const { key, conversationId } = await accountWithConversation(sandbox, { tier: 'professional' });
    const result = await upload(sandbox, key, { conversation_id: conversationId, file: sized('video', 22 * MB) });
    expect(expectError(result, 413, 'payload_too_large')).toEqual({ limit_bytes: 21 * MB });
    expect(await storedAttachments(sandbox, conversationId)).toEqual([]);
  });
});

describe('POST /v1/attachments: kinds the plan excludes', () => {
  it('403 attachment_not_in_plan for an excluded kind; other kinds still upload', async () => {
    const { account, key, conversationId } = await accountWithConversation(sandbox);
    await sandbox.patchAccount(account.account_id, { excluded_attachment_kinds: ['video', 'document'] });
    const details = expectError(
      await upload(sandbox, key, { conversation_id: conversationId, file: sized('video', 100) }),
      403,
      'attachment_not_in_plan',
    );
    expect(details).toEqual({ kind: 'video' });
    expectError(
      await upload(sandbox, key, { conversation_id: conversationId, file: sized('document', 100) }),
      403,
      'attachment_not_in_plan',
    );
    expect((await upload(sandbox, key, { conversation_id: conversationId, file: sized('image', 100) })).status).toBe(201);
    // An alternative spelling is the same kind.
    const avi = await upload(sandbox, key, { conversation_id: conversationId, file: { bytes: AVI, type: 'video/avi' } });
    expect(expectError(avi, 403, 'attachment_not_in_plan')).toEqual({ kind: 'video' });

    await sandbox.patchAccount(account.account_id, { excluded_attachment_kinds: [] });
    expect((await upload(sandbox, key, { conversation_id: conversationId, file: sized('video', 100) })).status).toBe(201);
  });
});

describe('POST /v1/attachments: order of checks (D25)', () => {
  it('401, then 400 (body, fields), then 404, then 422 (allowlist, content, size), then 403', async () => {
    const { account, key, conversationId } = await accountWithConversation(sandbox);
    await sandbox.patchAccount(account.account_id, { excluded_attachment_kinds: ['image'] });
    const other = await accountWithConversation(sandbox);
    const big = sized('image', 2 * MB + 1);

    expectError(await upload(sandbox, 'pk_live_wrong', { file: big }), 401, 'invalid_key');
    // A missing field is reported before the conversation is looked up.
    expectError(await upload(sandbox, key, { file: big }), 400, 'invalid_parameter');
    expectError(await upload(sandbox, key, { conversation_id: 'conv_unknown' }), 400, 'invalid_parameter');
    // A foreign conversation is 404 whatever is wrong with the file.
    expectError(
      await upload(sandbox, key, { conversation_id: other.conversationId, file: { bytes: GIF, type: 'image/gif' } }),
      404,
      'not_found',
    );
    expectError(await upload(sandbox, key, { conversation_id: other.conversationId, file: big }), 404, 'not_found');
    // The file's checks (422) come before the plan's exclusion (403).
    expectError(
      await upload(sandbox, key, { conversation_id: conversationId, file: { bytes: GIF, type: 'image/gif' } }),
      422,
      'validation_failed',
    );
    expectError(
      await upload(sandbox, key, { conversation_id: conversationId, file: { bytes: PNG, type: 'image/jpeg' } }),
      422,
      'validation_failed',
    );
    const size = expectError(await upload(sandbox, key, { conversation_id: conversationId, file: big }), 422, 'validation_failed');
    expect(size).toEqual({ kind: 'image', cap_mb: 2, size_bytes: 2 * MB + 1 });
    expectError(await upload(sandbox, key, { conversation_id: conversationId, file: sized('image', 10) }), 403, 'attachment_not_in_plan');
    // A GIF is refused by type, before its content is looked at or its size compared.
    const gif = await upload(sandbox, key, { conversation_id: conversationId, file: { bytes: padded(GIF, 3 * MB), type: 'image/gif' } });
    expect(JSON.stringify(expectError(gif, 422, 'validation_failed'))).toContain('not accepted');
    expect(await storedAttachments(sandbox, conversationId)).toEqual([]);
  });

  it('rate limit (429) comes after the key and before the body', async () => {
    const { key } = await accountWithConversation(sandbox, { rate_limit_per_minute: 1 });
    expect((await upload(sandbox, key, {})).status).toBe(400);
    const limited = await upload(sandbox, key, {});
    expectError(limited, 429, 'rate_limited');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
