import { z } from '@hono/zod-openapi';
import { ACCEPTED_MEDIA_TYPES } from '../../domain/attachment-media';
import { ATTACHMENT_KINDS } from '../../domain/vocabulary';

// Request and response shapes of the attachment upload and the typing indicator, for the OpenAPI
// document. Both routes read their bodies themselves (see attachments.ts and typing.ts), so these
// schemas describe rather than validate.

export const UploadForm = z
  .object({
    conversation_id: z.string().openapi({ description: 'The conversation the file is for (one upload serves one conversation).' }),
    file: z.string().openapi({
      type: 'string',
      format: 'binary',
      description: `The file; its part's Content-Type decides the kind and must match its content. Accepted: ${Object.keys(ACCEPTED_MEDIA_TYPES).join(', ')} (also image/jpg, video/avi, audio/m4a, audio/wave, audio/x-wav, audio/vnd.wave).`,
    }),
  })
  .openapi('AttachmentUpload');

export const AttachmentSchema = z
  .object({
    id: z.string().openapi({ example: 'att_4fJ2kQ9sLm0ZpX7b', description: 'Pass as `attachment_ids` when sending a message.' }),
    identifier: z.string().openapi({ description: 'Storage identifier.' }),
    name: z.string().openapi({ description: 'Uploaded filename.' }),
    url: z.url().openapi({ description: 'Signed storage URL, valid 15 minutes.' }),
    type: z.enum(ATTACHMENT_KINDS).openapi({ description: 'Inferred from the media type.' }),
  })
  .openapi('Attachment');

export const TypingBody = z
  .object({
    is_typing: z.boolean({ error: 'must be a boolean' }).optional().openapi({
      description: 'Default true (shows the indicator for 5 s); false clears it early.',
    }),
  })
  .openapi('Typing');
