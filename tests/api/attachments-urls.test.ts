import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { padded, PDF, PNG } from './attachment-samples';
import { accountWithConversation, storedAttachments, uploaded, type AttachmentRecord } from './attachments-support';
import { expectError } from './channels-support';
import { setUpSandbox, type ApiResult } from './support';

const sandbox = setUpSandbox();

async function get(url: string): Promise<ApiResult<Uint8Array> & { text: string }> {
  const response = await fetch(url);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = Buffer.from(bytes).toString('utf8');
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  return { status: response.status, headers: response.headers, body: isJson ? (JSON.parse(text) as Uint8Array) : bytes, text };
}

const withSignature = (url: string, change: (params: URLSearchParams) => void) => {
  const parsed = new URL(url);
  change(parsed.searchParams);
  return parsed.toString();
};

describe('attachment URLs (D14)', () => {
  it('the url serves the exact bytes with the media type, no key needed', async () => {
    const { key, conversationId } = await accountWithConversation(sandbox);
    const bytes = padded(PNG, 5000);
    const body = await uploaded(sandbox, key, conversationId, { bytes, type: 'image/png', name: 'photo "1".png' });
    const url = new URL(body.url);
    expect(url.origin).toBe(sandbox.url);
    expect(url.pathname).toBe(`/sandbox/files/${body.id}`);
    const served = await get(body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-length')).toBe('5000');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toContain(`filename*=UTF-8''photo%20%221%22.png`);
    expect(Buffer.from(served.body).equals(Buffer.from(bytes))).toBe(true);
  });

  it('is valid 15 minutes on the sandbox clock, then 410 url_expired', async () => {
    const { key, conversationId } = await accountWithConversation(sandbox);
    // The sandbox clock runs on wall time: the upload happened between these two reads of it.
    const before = (await sandbox.now()).getTime();
    const body = await uploaded(sandbox, key, conversationId, { bytes: PDF, type: 'application/pdf' });
    const after = (await sandbox.now()).getTime();
    const expires = Number(new URL(body.url).searchParams.get('expires'));
    expect(expires).toBeGreaterThanOrEqual(Math.floor((before + 15 * 60 * 1000) / 1000));
    expect(expires).toBeLessThanOrEqual(Math.floor((after + 15 * 60 * 1000) / 1000));

    await sandbox.advanceClock(14 * 60);
    expect((await get(body.url)).status).toBe(200);
    await sandbox.advanceClock(60);
    const expired = await get(body.url);
    expectError(expired, 410, 'url_expired');
    // The attachment itself is still there (it is only discarded after 24 h), with a fresh url.
    const [record] = await storedAttachments(sandbox, conversationId);
    expect(record?.id).toBe(body.id);
    expect((await get(record?.url ?? '')).status).toBe(200);
  });

  it('403 signature_invalid for a missing, wrong or tampered signature or expiry', async () => {
    const { key, conversationId } = await accountWithConversation(sandbox);
    const body = await uploaded(sandbox, key, conversationId, { bytes: PDF, type: 'application/pdf' });
    const later = String(Number(new URL(body.url).searchParams.get('expires')) + 3600);
    const other = await uploaded(sandbox, key, conversationId, { bytes: PNG, type: 'image/png' });
    const urls = [
      withSignature(body.url, (p) => p.delete('signature')),
      withSignature(body.url, (p) => p.delete('expires')),
      withSignature(body.url, (p) => p.set('expires', later)),
      withSignature(body.url, (p) => p.set('signature', 'A'.repeat(43))),
      withSignature(body.url, (p) => p.set('signature', 'not-base64!')),
      // Another file's signature does not open this one.
      withSignature(body.url, (p) => p.set('signature', new URL(other.url).searchParams.get('signature') ?? '')),
    ];
    for (const url of urls) expectError(await get(url), 403, 'signature_invalid');
  });

  it('an attachment never sent is discarded 24 h after upload: record and file gone', async () => {
    const { key, conversationId } = await accountWithConversation(sandbox);
    const body = await uploaded(sandbox, key, conversationId, { bytes: PDF, type: 'application/pdf' });
    const record = await sandbox.control<AttachmentRecord>('GET', `/sandbox/api/attachments/${body.id}`);
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({ id: body.id, media_type: 'application/pdf', size_bytes: PDF.length, sent_at: null });
    expect(Date.parse(record.body.discard_at) - Date.parse(record.body.created_at)).toBe(24 * 3600 * 1000);

    await sandbox.advanceClock(24 * 3600 - 60);
    expect((await sandbox.control('GET', `/sandbox/api/attachments/${body.id}`)).status).toBe(200);
    const fresh = (await sandbox.control<AttachmentRecord>('GET', `/sandbox/api/attachments/${body.id}`)).body.url;

    await sandbox.advanceClock(60);
    expectError(await sandbox.control('GET', `/sandbox/api/attachments/${body.id}`), 404, 'not_found');
    expect(await storedAttachments(sandbox, conversationId)).toEqual([]);
    // A URL signed a minute earlier, still within its 15 minutes, finds nothing any more.
    expectError(await get(fresh), 404, 'not_found');
    // The discard job (run on the advance) deleted the row and its bytes.
    const db = new Database(path.join(sandbox.dataDir, 'sandbox.sqlite'), { readonly: true });
    try {
      expect(db.prepare('SELECT count(*) AS n FROM attachments WHERE id = ?').get(body.id)).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });
});
