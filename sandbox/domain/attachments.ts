import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { SandboxContext } from '../context';
import { ApiError, notFound } from '../http/api-error';
import { attachments, type AttachmentRow } from '../store/attachment-schema';
import type { AccountRow } from '../store/schema';
import type { ConversationRow } from '../store/conversation-schema';
import { ACCEPTED_MEDIA_TYPES, bytesMatch, CAPS_MB, kindOf, MB, normaliseMediaType } from './attachment-media';
import { signedFileUrl } from './file-urls';
import { randomBase62 } from './ids';
import { iso, isoOrNull, type AttachmentKind } from './vocabulary';

/** D14: an attachment never sent is discarded 24 h after upload (sandbox clock). */
const DISCARD_AFTER_MS = 24 * 60 * 60 * 1000;

export interface Upload {
  name: string;
  /** The part's Content-Type as sent. */
  declaredType: string;
  bytes: Buffer;
}

const fileIssue = (message: string) =>
  new ApiError('validation_failed', `The file was refused: ${message}.`, { issues: [{ path: 'file', message }] });

/**
 * The body checks of an upload, in D25 order: what the file is (422: allowlist, then its leading
 * bytes, then the plan's size cap) before what the plan allows (403 `attachment_not_in_plan`).
 * Nothing is stored unless every check passes.
 */
async function checkUpload(account: AccountRow, upload: Upload): Promise<{ mediaType: string; kind: AttachmentKind }> {
  const mediaType = normaliseMediaType(upload.declaredType);
  const kind = kindOf(mediaType);
  if (kind === undefined) {
    const shown = upload.declaredType === '' ? 'none' : `"${upload.declaredType}"`;
    throw fileIssue(`media type ${shown} is not accepted; accepted: ${Object.keys(ACCEPTED_MEDIA_TYPES).join(', ')}`);
  }
  const sniffed = await fileTypeFromBuffer(upload.bytes);
  if (!bytesMatch(mediaType, sniffed?.mime)) {
    const seen = sniffed ? `those of ${sniffed.mime}` : 'of no known format';
    throw fileIssue(`declared ${mediaType}, but the file's leading bytes are ${seen}`);
  }
  const capMb = CAPS_MB[account.tier][kind];
  if (upload.bytes.length > capMb * MB) {
    throw new ApiError('validation_failed', `The file is over the plan's ${kind} cap of ${capMb} MB (1 MB = 1,048,576 bytes).`, {
      kind,
      cap_mb: capMb,
      size_bytes: upload.bytes.length,
    });
  }
  if (account.excludedAttachmentKinds.includes(kind)) {
    throw new ApiError('attachment_not_in_plan', `The plan does not include ${kind} attachments.`, { kind });
  }
  return { mediaType, kind };
}

type AttachmentMeta = Omit<AttachmentRow, 'data'>;

/** The Attachment of the contract: `{id, identifier, name, url, type}`. */
export function attachmentView(ctx: SandboxContext, origin: string, row: AttachmentMeta) {
  return { id: row.id, identifier: row.identifier, name: row.name, url: signedFileUrl(ctx, origin, row.id), type: row.kind };
}

/** The control API's view: the Attachment plus what the sandbox knows about it. */
export function attachmentRecordView(ctx: SandboxContext, origin: string, row: AttachmentMeta) {
  return {
    ...attachmentView(ctx, origin, row),
    media_type: row.mediaType,
    size_bytes: row.sizeBytes,
    account_id: row.accountId,
    conversation_id: row.conversationId,
    created_at: iso(row.createdAt),
    discard_at: iso(row.discardAt),
    sent_at: isoOrNull(row.sentAt),
  };
}

export async function uploadAttachment(ctx: SandboxContext, account: AccountRow, conversation: ConversationRow, upload: Upload) {
  const { mediaType, kind } = await checkUpload(account, upload);
  const now = ctx.clock.nowMs();
  const id = `att_${randomBase62(16)}`;
  const row: AttachmentRow = {
    id,
    accountId: account.id,
    conversationId: conversation.id,
    identifier: `sandbox-storage/${randomBase62(24)}`,
    name: upload.name,
    mediaType,
    kind,
    sizeBytes: upload.bytes.length,
    data: upload.bytes,
    createdAt: now,
    discardAt: now + DISCARD_AFTER_MS,
    sentAt: null,
  };
  ctx.store.db.insert(attachments).values(row).run();
  return row;
}

const metaColumns = {
  id: attachments.id,
  accountId: attachments.accountId,
  conversationId: attachments.conversationId,
  identifier: attachments.identifier,
  name: attachments.name,
  mediaType: attachments.mediaType,
  kind: attachments.kind,
  sizeBytes: attachments.sizeBytes,
  createdAt: attachments.createdAt,
  discardAt: attachments.discardAt,
  sentAt: attachments.sentAt,
};

/** Due for discard counts as gone even before the job has run, so expiry is exact. */
const live = (ctx: SandboxContext, row: AttachmentMeta | undefined) =>
  row !== undefined && (row.sentAt !== null || row.discardAt > ctx.clock.nowMs()) ? row : undefined;

export function requireAttachment(ctx: SandboxContext, id: string): AttachmentMeta {
  const row = live(ctx, ctx.store.db.select(metaColumns).from(attachments).where(eq(attachments.id, id)).get());
  if (!row) throw notFound('attachment');
  return row;
}

/** A conversation's attachments not discarded, oldest first. */
export function attachmentsOfConversation(ctx: SandboxContext, conversationId: string): AttachmentMeta[] {
  return ctx.store.db
    .select(metaColumns)
    .from(attachments)
    .where(eq(attachments.conversationId, conversationId))
    .orderBy(asc(attachments.createdAt))
    .all()
    .filter((row) => live(ctx, row));
}

/** The bytes and how to serve them, or 404 once discarded. */
export function attachmentFile(ctx: SandboxContext, id: string): AttachmentRow {
  const row = ctx.store.db.select().from(attachments).where(eq(attachments.id, id)).get();
  if (!row || !live(ctx, row)) throw notFound('attachment');
  return row;
}

/** Scheduler job: deletes attachments 24 h after upload unless sent (D14). */
export function discardUnsentAttachments(ctx: SandboxContext, accountId: string | null = null): number {
  // On an account's own clock, only its attachments: its time is not the others'.
  const ofAccount = accountId === null ? undefined : eq(attachments.accountId, accountId);
  return ctx.store.db
    .delete(attachments)
    .where(and(isNull(attachments.sentAt), lte(attachments.discardAt, ctx.clock.nowMs()), ofAccount))
    .run().changes;
}
