import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxContext } from '../../context';
import { attachmentRecordView, attachmentsOfConversation, requireAttachment } from '../../domain/attachments';
import { requireConversation } from '../../domain/conversations';
import type { AppEnv } from '../../http/env';
import { idParam, jsonResponse } from './schemas';

const routes = {
  get: createRoute({
    method: 'get',
    path: '/sandbox/api/attachments/{attachment_id}',
    operationId: 'getAttachment',
    tags: ['Conversations'],
    description: 'Reads an attachment record with a freshly signed URL.',
    request: { params: z.object({ attachment_id: idParam('attachment_id') }) },
    responses: {
      200: jsonResponse(
        'Attachment (with a freshly signed url) + media_type, size_bytes, account_id, conversation_id, created_at, discard_at, sent_at; 404 once discarded.',
      ),
    },
  }),
  ofConversation: createRoute({
    method: 'get',
    path: '/sandbox/api/conversations/{conversation_id}/attachments',
    operationId: 'listAttachments',
    tags: ['Conversations'],
    description: "Lists a conversation's attachments, oldest first.",
    request: { params: z.object({ conversation_id: idParam('conversation_id') }) },
    responses: { 200: jsonResponse('{data: [attachment as above]}, oldest first; discarded ones are gone.') },
  }),
};

export function registerAttachmentControlRoutes(app: OpenAPIHono<AppEnv>, ctx: SandboxContext): void {
  app.openapi(routes.get, (c) => {
    const row = requireAttachment(ctx, c.req.valid('param').attachment_id);
    return c.json(attachmentRecordView(ctx, new URL(c.req.url).origin, row), 200);
  });

  app.openapi(routes.ofConversation, (c) => {
    const conversation = requireConversation(ctx, c.req.valid('param').conversation_id);
    const origin = new URL(c.req.url).origin;
    return c.json({ data: attachmentsOfConversation(ctx, conversation.id).map((row) => attachmentRecordView(ctx, origin, row)) }, 200);
  });
}
