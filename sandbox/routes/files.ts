import { Hono } from 'hono';
import type { SandboxContext } from '../context';
import { attachmentFile } from '../domain/attachments';
import { verifiedExpiry } from '../domain/file-urls';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/api-error';

/** RFC 6266 filename: an ASCII fallback plus the exact name, percent-encoded (RFC 5987). */
function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const FILES_PATH = '/sandbox/files';

/**
 * The storage behind an attachment's signed `url` (D14). No key: the signature is the credential,
 * as with a storage provider's presigned URL. Checks in order: signature (403
 * `signature_invalid`), the file (404 once discarded), the expiry (410 `url_expired`).
 */
export function createFilesApp(ctx: SandboxContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(`${FILES_PATH}/:attachment_id`, (c) => {
    const id = c.req.param('attachment_id');
    const expiresAt = verifiedExpiry(ctx, id, c.req.query('expires'), c.req.query('signature'));
    const file = attachmentFile(ctx, id);
    if (ctx.clock.nowMs() >= expiresAt) {
      throw new ApiError('url_expired', 'The file URL has expired (valid 15 minutes); upload again for a new one.', {
        expired_at: new Date(expiresAt).toISOString(),
      });
    }
    return c.body(new Uint8Array(file.data), 200, {
      'Content-Type': file.mediaType,
      'Content-Length': String(file.sizeBytes),
      'Content-Disposition': contentDisposition(file.name),
      'X-Content-Type-Options': 'nosniff',
      // The URL stops working after its 15 minutes, so nothing may keep a copy.
      'Cache-Control': 'private, no-store',
    });
  });
  return app;
}
