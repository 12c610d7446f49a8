import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app';
import { createClock } from './clock';
import { discardUnsentAttachments } from './domain/attachments';
import type { SandboxContext } from './context';
import { createFaults } from './domain/faults';
import { loadKeySecret } from './domain/keys';
import { retentionJob } from './domain/retention-purge';
import { adapterErrorResponse, answerClientError, refuseDotSegments } from './http/outside-app';
import { createRateLimiter } from './http/rate-limit';
import { createReplayCache } from './http/replay-cache';
import { createRequestLog } from './http/request-log';
import { createScheduler } from './scheduler';
import { openStore } from './store/db';
import { applyFixtures } from './domain/fixtures';
import type { Fixtures } from './fixtures';
import { registerReplyQueue } from './replies/queue';
import { createWebhookDispatcher } from './webhooks/dispatcher';

export interface StartOptions {
  /** 0 picks a free port. */
  port: number;
  dataDir: string;
  adminToken: string;
  host?: string;
  log?: (message: string) => void;
  /** How long a webhook endpoint has to answer (D19: 15 s); tests shorten it. */
  webhookTimeoutMs?: number;
  /** Where each /v1 and control request's line goes; unset, nowhere (the recent ones are kept either way). */
  requestLog?: (line: string) => void;
  /** Accounts to make (in place of any with their ids) before the first request, and again on a reset. */
  fixtures?: Fixtures | undefined;
}

export interface RunningSandbox {
  url: string;
  close(): Promise<void>;
}

/** Opens (creating and migrating if needed) the data directory and wires the sandbox's parts. */
export function createSandboxContext(
  dataDir: string,
  log: (message: string) => void,
  options: { webhookTimeoutMs?: number | undefined; requestLog?: ((line: string) => void) | undefined } = {},
): SandboxContext {
  const store = openStore(dataDir);
  const clock = createClock(store);
  const rateLimiter = createRateLimiter(clock);
  const faults = createFaults();
  const requests = createRequestLog({ now: () => clock.now(), print: options.requestLog });
  const ctx: SandboxContext = {
    store,
    clock,
    scheduler: createScheduler(clock, log),
    keySecret: loadKeySecret(store),
    rateLimiter,
    faults,
    replay: createReplayCache({ store, clock, rateLimiter, faults, requests }),
    webhooks: createWebhookDispatcher({ store, clock, log, timeoutMs: options.webhookTimeoutMs }),
    log,
    requests,
  };
  // Due work: the reply queue first, so a reply it sends is delivered in the same pass.
  registerReplyQueue(ctx);
  ctx.scheduler.register('webhook-deliveries', (_now, accountId) => ctx.webhooks.pass(accountId));
  // D14: attachments never sent are deleted 24 h after upload.
  ctx.scheduler.register('attachment-discard', (_now, accountId) => void discardUnsentAttachments(ctx, accountId));
  // Decision 0026: conversation history older than the account's retention goes.
  ctx.scheduler.register('history-retention', retentionJob(ctx));
  return ctx;
}

const KEEP_ALIVE_MS = 65_000;

export async function startSandbox(options: StartOptions): Promise<RunningSandbox> {
  const log = options.log ?? ((message: string) => console.error(message));
  const ctx = createSandboxContext(options.dataDir, log, { webhookTimeoutMs: options.webhookTimeoutMs, requestLog: options.requestLog });
  const { store, scheduler } = ctx;
  if (options.fixtures !== undefined) {
    ctx.fixtures = options.fixtures;
    try {
      applyFixtures(ctx, options.fixtures);
    } catch (error) {
      store.close();
      throw error;
    }
  }
  const { app } = createApp(ctx, options.adminToken);
  const host = options.host ?? '127.0.0.1';

  // As @hono/node-server's `serve`, plus envelopes for requests refused before they reach the app.
  const honoListener = getRequestListener(app.fetch, { hostname: host, errorHandler: adapterErrorResponse(log) });
  const created = createServer((request, response) => {
    // First, so a request refused before Hono is logged too.
    ctx.requests.watch(request, response);
    if (refuseDotSegments(request, response) || ctx.replay.serve(request, response)) return;
    void honoListener(request, response);
  });
  created.on('clientError', answerClientError);
  // Node's 5 s idle limit races clients that keep a socket 4-5 s (fetch does): a request sent on a
  // socket the server is closing fails with ECONNRESET. Well above their idle time, the client always
  // lets go first; load balancers idle at 60 s, so 65 s also keeps the server from closing under them.
  created.keepAliveTimeout = KEEP_ALIVE_MS;
  let server: Server | undefined;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      created.once('error', reject);
      created.listen(options.port, host, () => resolve(created));
    });
  } catch (error) {
    store.close();
    throw error;
  }
  ctx.webhooks.start();
  scheduler.start();

  const address = server.address() as AddressInfo;
  // The wildcard addresses are not addresses to call: the URL names this machine's loopback instead.
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  const urlHost = reachable.includes(':') ? `[${reachable}]` : reachable;
  const running = server;
  return {
    url: `http://${urlHost}:${address.port}`,
    async close() {
      await scheduler.stop();
      await ctx.webhooks.stop();
      await new Promise<void>((resolve, reject) => {
        running.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets would otherwise hold close() open until they time out.
        running.closeAllConnections();
      });
      store.close();
    },
  };
}
