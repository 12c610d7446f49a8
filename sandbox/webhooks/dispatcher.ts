import type { Clock } from '../clock';
import type { Store } from '../store/db';
import type { DeliveryRow } from '../store/webhook-schema';
import { createWebhookAgents, postWebhook, type PostOutcome } from './http-post';
import { clearStaleSends, deliveryAccount, dueDeliveries, markSending, recordAttempts, type FinishedAttempt } from './outbox';
import { deliveryHeaders } from './signing';

const DEFAULT_WEBHOOK_TIMEOUT_MS = 15_000;
/** Sends at once in all; each account's endpoint gets at most PER_ACCOUNT of them, so a slow one never holds the rest. */
const MAX_IN_FLIGHT = 64;
const PER_ACCOUNT = 8;

export interface DispatcherOptions {
  store: Store;
  clock: Clock;
  log: (message: string) => void;
  /** D19: a 2xx within this many ms succeeds; tests may shorten it. */
  timeoutMs?: number | undefined;
}

/**
 * Sends due deliveries. A pass starts up to MAX_IN_FLIGHT sends and returns without waiting for
 * them, so a slow endpoint never holds up the scheduler or a clock advance; one account's endpoint
 * holds at most PER_ACCOUNT of them (each for at most the timeout), so a slow or hanging endpoint
 * leaves the others their slots. A delivery is never sent twice at once: it is marked in flight
 * (durably) before its request leaves. Marks and finished attempts are written in batches, one
 * transaction per pass: under a burst, one commit per delivery was most of the dispatcher's cost.
 * A finished attempt stays marked in flight until its batch is written, so it is never due twice.
 */
export interface WebhookDispatcher {
  /** A pass right after the current synchronous work (e.g. the transaction that stored a delivery). */
  kick(): void;
  /** A pass over one account's deliveries on its own clock, or (null) everyone's on the sandbox clock. */
  pass(accountId: string | null): void;
  /** Clears in-flight marks left by a previous run and starts on what is due. */
  start(): void;
  /** Aborts sends in flight without recording them (they are due again on the next start). */
  stop(): Promise<void>;
}

export function createWebhookDispatcher(options: DispatcherOptions): WebhookDispatcher {
  const { store, clock, log } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  const inFlight = new Map<string, Promise<void>>();
  const perAccount = new Map<string, number>();
  const abort = new AbortController();
  // As many sockets per origin as sends in all: accounts sharing a host must not queue behind each other in the agent.
  const agents = createWebhookAgents(MAX_IN_FLIGHT);
  let kicked = false;
  let stopped = false;
  let finished: FinishedAttempt[] = [];

  function recordFinished(): void {
    if (finished.length === 0) return;
    const batch = finished;
    finished = [];
    recordAttempts(store, batch);
  }

  const noWebhook = (started: number): PostOutcome => ({
    status: null,
    body: null,
    durationMs: Math.round(performance.now() - started),
    error: 'no webhook URL is configured for the account any more',
  });

  async function send(row: DeliveryRow): Promise<void> {
    // The account's configuration at the time of the attempt: a fixed URL or a new token applies
    // to the retries of earlier events too.
    const account = deliveryAccount(store, row.accountId);
    const attemptedAt = row.nextAttemptAt ?? clock.nowMs();
    const started = performance.now();
    let outcome: PostOutcome;
    try {
      if (!account || account.webhookUrl === null) {
        outcome = noWebhook(started);
      } else {
        const headers = deliveryHeaders(account, row.eventId, row.payload, Date.now(), clock.nowMs());
        outcome = await postWebhook(account.webhookUrl, headers, row.payload, timeoutMs, abort.signal, agents);
      }
    } catch (error) {
      // Still a recorded, failed attempt: the delivery must not stay marked in flight.
      const message = error instanceof Error ? error.message : String(error);
      outcome = { status: null, body: null, durationMs: Math.round(performance.now() - started), error: `could not send: ${message}` };
    }
    if (stopped) return;
    finished.push({ row, attemptedAt, outcome });
  }

  function pass(accountId: string | null): void {
    if (stopped) return;
    // First the attempts that finished: a retry due at once after a clock advance is then due now.
    recordFinished();
    let free = MAX_IN_FLIGHT - inFlight.size;
    if (free <= 0) return;
    const starting: DeliveryRow[] = [];
    // More rows than slots: some may belong to an account already at its share.
    for (const row of dueDeliveries(store, clock.nowMs(), free * 4, accountId)) {
      if (free <= 0) break;
      if (inFlight.has(row.id)) continue;
      const busy = perAccount.get(row.accountId) ?? 0;
      if (busy >= PER_ACCOUNT) continue;
      perAccount.set(row.accountId, busy + 1);
      free -= 1;
      starting.push(row);
    }
    if (starting.length === 0) return;
    markSending(
      store,
      starting.map((row) => row.id),
      Date.now(),
    );
    for (const row of starting) {
      const running = send(row)
        .catch((error: unknown) => {
          if (!stopped)
            log(`sandbox webhook delivery ${row.id} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        })
        .finally(() => {
          inFlight.delete(row.id);
          const left = (perAccount.get(row.accountId) ?? 1) - 1;
          if (left > 0) perAccount.set(row.accountId, left);
          else perAccount.delete(row.accountId);
          // A freed slot, or a next attempt already due after a clock advance: go on at once, so
          // a long advance replays the due attempts one after another within seconds.
          kick();
        });
      inFlight.set(row.id, running);
    }
  }

  function kick(): void {
    if (kicked || stopped) return;
    kicked = true;
    setImmediate(() => {
      kicked = false;
      try {
        // Each account with a clock of its own on its time, then everyone on the sandbox's.
        for (const accountId of clock.ownClocks()) clock.asAccount(accountId, () => pass(accountId));
        clock.asSandbox(() => pass(null));
      } catch (error) {
        log(`sandbox webhook dispatcher pass failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
    });
  }

  return {
    kick,
    pass,
    start() {
      const stale = clearStaleSends(store);
      if (stale > 0) log(`sandbox: ${stale} webhook send(s) interrupted by the last stop are due again`);
      // Deliveries that fell due while the sandbox was down go out now, not at the first tick.
      kick();
    },
    async stop() {
      stopped = true;
      // Attempts that finished before the stop are recorded; those cut short are due again on start.
      recordFinished();
      abort.abort();
      await Promise.allSettled([...inFlight.values()]);
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
