import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { SandboxContext } from '../../context';
import { LARGEST_CAP_BYTES, MB } from '../../domain/attachment-media';
import { attachmentView, uploadAttachment } from '../../domain/attachments';
import { findLiveConversationOfAccount } from '../../domain/partner-conversations';
import { currentAccount } from '../../http/auth';
import type { AppEnv } from '../../http/env';
import { ApiError, notFound } from '../../http/api-error';
import { envelopeBodyLimit } from '../../http/body-limit';
import { AttachmentSchema, UploadForm } from './attachment-schemas';
import { errorResponses, keyedHeaders } from './schemas';

/**
 * Bodies over the largest cap of any plan plus 1 MiB for the multipart envelope can hold no
 * acceptable file; they are refused (413) from Content-Length, or as soon as a chunked body passes
 * the limit, instead of being read into memory. Anything smaller is parsed and gets the precise
 * 422 with `kind`, `cap_mb` and `size_bytes`.
 */
const UPLOAD_BODY_LIMIT = LARGEST_CAP_BYTES + MB;

/** This route's cap replaces the 1 MiB one of the other /v1 routes (`http/body-limit.ts`). */
export const UPLOAD_ROUTE = 'POST /v1/attachments';

const uploadRoute = createRoute({
  method: 'post',
  path: '/v1/attachments',
  operationId: 'uploadAttachment',
  tags: ['Attachments'],
  summary: 'Upload an attachment',
  description: [
    "multipart/form-data with `conversation_id` and `file`. The part's declared media type decides the kind (image, video, voice, document) and must match the file's leading bytes.",
    'Caps per file (MB = 1,048,576 bytes): basic image 2, video 10, voice 5, document 5; professional and business 4, 20, 10, 10.',
    "Checks in order: 400 `invalid_json` (not multipart), 400 `invalid_parameter` (a field missing or repeated), 404 (conversation unknown or another partner's),",
    '422 `validation_failed` (type not accepted; content does not match; over the cap with `details` `kind`, `cap_mb`, `size_bytes`), 403 `attachment_not_in_plan`.',
    'Nothing is stored unless all pass. The `url` is valid 15 minutes; an attachment never sent is discarded 24 h after upload. Bodies over 21 MiB: 413 `payload_too_large`.',
  ].join(' '),
  request: { body: { required: true, content: { 'multipart/form-data': { schema: UploadForm } } } },
  responses: {
    201: { description: 'Stored.', headers: keyedHeaders, content: { 'application/json': { schema: AttachmentSchema } } },
    ...errorResponses(400, 403, 404, 413, 422),
  },
});

const MULTIPART = /^multipart\/form-data\s*;/i;

/** D2: a body that is not multipart/form-data is the "wrong content type" case of `invalid_json`. */
async function readForm(c: Context<AppEnv>): Promise<FormData> {
  const notMultipart = (why: string) =>
    new ApiError('invalid_json', `The request body must be multipart/form-data with the fields conversation_id and file (${why}).`);
  if (!MULTIPART.test(c.req.header('content-type') ?? '')) throw notMultipart('wrong Content-Type');
  try {
    return await c.req.formData();
  } catch {
    throw notMultipart('the multipart body could not be parsed');
  }
}

const missing = (parameter: string, reason: string) =>
  new ApiError('invalid_parameter', `Invalid parameter "${parameter}": ${reason}.`, { parameter, reason });

/** D14: a field missing (or sent twice, which is just as ambiguous) is 400 `invalid_parameter`. */
function field(form: FormData, name: string): FormDataEntryValue {
  const values = form.getAll(name);
  const [value] = values;
  if (value === undefined) throw missing(name, 'is required');
  if (values.length > 1) throw missing(name, 'must be given once');
  return value;
}

export function registerAttachmentRoutes(app: OpenAPIHono<AppEnv>, ctx: SandboxContext): void {
  // Registered by hand: the zod-openapi form validator would answer a missing field 422, where
  // D14 wants 400 `invalid_parameter`, so the handler reads the form itself.
  app.openAPIRegistry.registerPath(uploadRoute);
  app.post(uploadRoute.path, envelopeBodyLimit(UPLOAD_BODY_LIMIT), async (c) => {
    const account = currentAccount(c);
    const form = await readForm(c);
    const conversationId = field(form, 'conversation_id');
    if (typeof conversationId !== 'string' || conversationId === '') throw missing('conversation_id', 'must be a non-empty text field');
    const file = field(form, 'file');
    if (typeof file === 'string') throw missing('file', 'must be a file part (with a filename)');
    const conversation = findLiveConversationOfAccount(ctx, account.id, conversationId);
    if (!conversation) throw notFound('conversation');
    const upload = { name: file.name, declaredType: file.type, bytes: Buffer.from(await file.arrayBuffer()) };
    const row = await uploadAttachment(ctx, account, conversation, upload);
    return c.json(attachmentView(ctx, new URL(c.req.url).origin, row), 201);
  });
}
