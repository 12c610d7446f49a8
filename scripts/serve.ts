/**
 * The dashboard's HTTP server: Next's own request handler behind a Node server that settles each
 * request's client address from the socket first (see client-address.ts), and puts the security
 * headers on every answer and holds requests to the public origin (see front-door.ts). `npm run dev` and
 * `npm start` run it through the launcher; `tsx scripts/serve.ts start -p 3000 -H 127.0.0.1`
 * runs it alone (tests and benches), with the same arguments as `next start`.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import next from 'next';
import { processEnvironment } from '../lib/config/process-env';
import { firstProblem, settingsSchema } from '../lib/config/settings';
import { clientAddressOf, trustedProxies } from './client-address';
import { frontDoor } from './front-door';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
});
const dev = positionals[0] === 'dev';
const read = settingsSchema(['PORT', 'HOST', 'TRUSTED_PROXIES', 'AUTH_URL']).safeParse(processEnvironment());
if (!read.success) {
  console.error(`Configuration error: ${firstProblem(read.error)}`);
  process.exit(1);
}
const port = values.port === undefined ? read.data.PORT : Number(values.port);
const hostname = values.hostname ?? read.data.HOST;
const trusted = trustedProxies(read.data.TRUSTED_PROXIES);
const publicUrl = read.data.AUTH_URL ? new URL(read.data.AUTH_URL) : null;

/** The only address the app sees is the one settled here; a client's own headers are replaced. */
function settleClientAddress(request: http.IncomingMessage): void {
  request.headers['x-forwarded-for'] = clientAddressOf(request.socket.remoteAddress, request.headers['x-forwarded-for'], trusted);
  delete request.headers['x-real-ip'];
}

const app = next({ dev, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();
const upgrade = app.getUpgradeHandler();

const server = http.createServer((request, response) => {
  settleClientAddress(request);
  if (frontDoor(request, response, publicUrl) === 'pass') void handle(request, response);
});
// Development's hot reload speaks over a WebSocket.
server.on('upgrade', (request: http.IncomingMessage, socket, head) => {
  settleClientAddress(request);
  void upgrade(request, socket, head);
});
server.listen(port, hostname, () => {
  console.log(
    `> Dashboard ${dev ? 'development' : 'production'} server on http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`,
  );
});

// Requests under way get a few seconds to finish; idle keep-alive connections do not hold the exit.
const stop = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
