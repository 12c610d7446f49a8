/**
 * A forwarding proxy in front of the sandbox that holds each request for a set time before passing
 * it on: the network between a dashboard and a Partner API that is not on the same machine. The
 * pages bench times the dashboard and the API calls alone through it, so both cross the same
 * network, once with no delay (the sandbox as it is) and once with a modelled one.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface LatencyProxy {
  url: string;
  /** Milliseconds each request waits before it is forwarded (a round trip, as a call sees it). */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

export async function startLatencyProxy(target: string): Promise<LatencyProxy> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  let delayMs = 0;
  const server = http.createServer((req, res) => {
    const forward = () => {
      const outgoing = http.request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers, agent },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      outgoing.on('error', (error) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`latency proxy: ${error.message}`);
      });
      req.pipe(outgoing);
    };
    if (delayMs > 0) void sleep(delayMs).then(forward);
    else forward();
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setDelay: (ms) => {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
