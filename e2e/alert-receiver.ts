import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local JSON receiver standing in for a Slack or Teams incoming webhook: it keeps every alert posted to it.

export type Received = { occasion: string; kind?: string; since?: string | null; status_codes?: number[]; link?: string; text?: string };

export function startReceiver(): Promise<{ url: string; received: Received[]; close: () => void }> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(JSON.parse(body) as Received);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, close: () => server.close() }),
    ),
  );
}
