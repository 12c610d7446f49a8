import { expect } from 'vitest';
import type { NewAccount } from '../../sandbox/control-client/types';
import { expectError } from './channels-support';
import { expectAnswer, postConversation, type ApiResult, type TestSandbox } from './support';

/** Helpers shared by the attachments-*.test.ts files. */

export interface AttachmentBody {
  id: string;
  identifier: string;
  name: string;
  url: string;
  type: string;
}

export interface AttachmentRecord extends AttachmentBody {
  media_type: string;
  size_bytes: number;
  conversation_id: string;
  created_at: string;
  discard_at: string;
  sent_at: string | null;
}

export const MB = 1_048_576;

/** An account (basic unless told), one robot and one conversation of it. */
export async function accountWithConversation(sandbox: TestSandbox, account: Partial<NewAccount> = {}) {
  const created = await sandbox.createAccount(account);
  const robot = await sandbox.createRobot(created.account_id, { name: 'Upload bot' });
  const conversationId = await postConversation(sandbox, robot.id, [{ role: 'client', text: 'Here is my receipt' }]);
  return { account: created, key: created.api_key, robot, conversationId };
}

export interface FilePart {
  bytes: Uint8Array;
  type: string;
  name?: string;
}

/** A real multipart upload; leave a field out by passing undefined. */
export function upload(
  sandbox: TestSandbox,
  key: string | undefined,
  fields: { conversation_id?: string | undefined; file?: FilePart | undefined },
): Promise<ApiResult<AttachmentBody>> {
  const form = new FormData();
  if (fields.conversation_id !== undefined) form.append('conversation_id', fields.conversation_id);
  if (fields.file !== undefined) {
    form.append('file', new Blob([Buffer.from(fields.file.bytes)], { type: fields.file.type }), fields.file.name ?? 'upload.bin');
  }
  return sandbox.api<AttachmentBody>(key, '/v1/attachments', { method: 'POST', body: form });
}

/** The upload's 201 body, failing the test with the error otherwise. */
export async function uploaded(sandbox: TestSandbox, key: string, conversationId: string, file: FilePart): Promise<AttachmentBody> {
  const result = await upload(sandbox, key, { conversation_id: conversationId, file });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body;
}

export async function storedAttachments(sandbox: TestSandbox, conversationId: string): Promise<AttachmentRecord[]> {
  return expectAnswer(await sandbox.admin.listAttachments(conversationId), 200).data;
}

/** A 422 `validation_failed` about the file itself; returns the issue's message. */
export function expectFileRefused(result: ApiResult<unknown>): string {
  const details = expectError(result, 422, 'validation_failed') as { issues: { path: string; message: string }[] };
  expect(details.issues).toHaveLength(1);
  expect(details.issues[0]?.path).toBe('file');
  return details.issues[0]?.message ?? '';
}
