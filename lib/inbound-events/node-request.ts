import 'server-only';
import type { IncomingMessage } from 'node:http';
import { MAX_WEBHOOK_BYTES, type WebhookRequest } from './receiver';

/**
 * A Node request as the receiver reads it. The body is read up to one byte past the limit and no
 * further, so an oversized one (with or without Content-Length) is refused without being buffered
 * whole; Node discards what is left once the answer is sent.
 */
export function webhookRequestOf(incoming: IncomingMessage): WebhookRequest {
  return {
    headers: {
      get(name) {
        const value = incoming.headers[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(', ') : value;
      },
    },
    text: () =>
      new Promise<string>((resolve, reject) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          incoming.off('data', onData).off('end', finish).off('error', reject);
          resolve(Buffer.concat(chunks).toString('utf8'));
        };
        const onData = (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size > MAX_WEBHOOK_BYTES) {
            incoming.pause();
            finish();
          }
        };
        incoming.on('data', onData).once('end', finish).once('error', reject);
      }),
  };
}
