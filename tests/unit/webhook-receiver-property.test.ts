import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { receiveWebhook, type StoredEvent } from '@/lib/inbound-events/receiver';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const authToken = 'property-test-token';
const signer = new Webhook(secret);

function deps() {
  const stored = new Map<string, StoredEvent>();
  return {
    stored,
    deps: { secret, authToken, store: (e: StoredEvent) => (stored.has(e.webhookId) ? false : (stored.set(e.webhookId, e), true)) },
  };
}

const header = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 200 }),
  fc.constantFrom('', 'v1,', 'v1,AAAA', '0', '-1', '99999999999', '__proto__'),
);

describe('our webhook receiver under hostile input', () => {
  it('answers anything unsigned or forged with 401 or 413, stores nothing, and never throws', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          id: header,
          timestamp: header,
          signature: header,
          token: fc.oneof(fc.constant(authToken), header),
          body: fc.oneof(fc.string({ maxLength: 2000 }), fc.json()),
        }),
        async (input) => {
          const headers = new Headers({ 'content-type': 'application/json' });
          const set = (name: string, value: string | undefined) => {
            // Header values a fetch Request refuses (control characters) cannot arrive over HTTP either.
            if (value !== undefined && !/[\u0000-\u001f\u007f]/.test(value) && value.length < 180) headers.set(name, value);
          };
          set('webhook-id', input.id);
          set('webhook-timestamp', input.timestamp);
          set('webhook-signature', input.signature);
          set('x-webhook-token', input.token);
          const { stored, deps: d } = deps();
          const outcome = await receiveWebhook(
            new Request('http://localhost/api/webhooks/partner', { method: 'POST', headers, body: input.body }),
            d,
          );
          expect([401, 413]).toContain(outcome.status);
          expect(stored.size).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('stores every genuine envelope once and refuses a signed body that is not an envelope or not JSON with 422', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.json(),
          fc.string({ maxLength: 300 }),
          fc
            .record({ type: fc.string({ minLength: 1, maxLength: 40 }), data: fc.dictionary(fc.string(), fc.jsonValue()) })
            .map((e) => JSON.stringify(e)),
        ),
        async (body) => {
          const { stored, deps: d } = deps();
          const id = `msg_${randomBytes(8).toString('hex')}`;
          const at = new Date();
          const request = () =>
            new Request('http://localhost/api/webhooks/partner', {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'x-webhook-token': authToken,
                'webhook-id': id,
                'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
                'webhook-signature': signer.sign(id, at, body),
              },
              body,
            });
          const first = await receiveWebhook(request(), d);
          let parsed: unknown;
          try {
            parsed = JSON.parse(body);
          } catch {
            parsed = undefined;
          }
          const isEnvelope =
            typeof parsed === 'object' &&
            parsed !== null &&
            !Array.isArray(parsed) &&
            typeof (parsed as { type?: unknown }).type === 'string' &&
            (parsed as { type: string }).type !== '';
          if (!isEnvelope) {
            expect(first.status).toBe(422);
            expect(first.body.error).toBe('invalid_event');
            return;
          }
          const data = (parsed as { data?: unknown }).data;
          if (data !== undefined && data !== null && (typeof data !== 'object' || Array.isArray(data))) return;
          expect(first.status).toBe(200);
          const again = await receiveWebhook(request(), d);
          expect(again).toMatchObject({ status: 200, body: { duplicate: true } });
          expect(stored.size).toBe(1);
        },
      ),
      { numRuns: 300 },
    );
  });
});
