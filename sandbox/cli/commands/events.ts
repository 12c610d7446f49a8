import { setTimeout as sleep } from 'node:timers/promises';
import type { FedEvent } from '../../control-client/types';
import { flag, int, outcome, required, str, UsageError, type Command, type Outcome, type RunInput } from '../command';
import { table } from '../format';

export const triggerCommand: Command = {
  summary: 'make a real, signed event of any type happen for a robot (chat.started, message.received, …, test)',
  args: ['event_type', 'robot_id'],
  options: {
    conversation: { type: 'string', value: 'conversation_id', description: 'the conversation it happens in (default: a new one)' },
    text: { type: 'string', value: 'text', description: "the message's text, for message.received, message.sent and message.failed" },
    reason: {
      type: 'string',
      value: 'reason',
      description: 'message.failed: outside_window (default), queue_expired or conversation_closed',
    },
  },
  notes: [
    'event types: chat.started, chat.closed, message.received, message.sent, message.failed, test',
    'It happens for real: the conversation starts or closes, the message is stored, and the event is',
    'recorded, delivered and signed like any other; without --conversation a new conversation is started',
    'first (its chat.started is listed too). A channel that is not active delivers no events: refused.',
    'example: trigger message.received rb_… --conversation conv_… --text "Where is my order?"',
  ],
  run({ client, values, args: [type = '', robotId = ''] }) {
    const body = {
      type,
      ...(str(values, 'conversation') === undefined ? {} : { conversation_id: str(values, 'conversation') }),
      ...(str(values, 'text') === undefined ? {} : { text: str(values, 'text') }),
      ...(str(values, 'reason') === undefined ? {} : { reason: str(values, 'reason') }),
    };
    return outcome(client.triggerEvent(robotId, body), (a) =>
      [
        `${a.events.length} event(s) recorded${a.conversation_id ? ` in ${a.conversation_id}` : ''}`,
        table(
          ['EVENT', 'TYPE', 'CREATED'],
          a.events.map((event) => [event.id, event.type, event.created_at]),
        ),
      ].join('\n'),
    );
  },
};

const FORWARD_TIMEOUT_MS = 10_000;

/** One event sent on as its delivery would be: the same headers (signature included) and body. */
async function forward(url: string, fed: FedEvent, signal: AbortSignal): Promise<{ status: number | null; error: string | null }> {
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: fed.request.headers,
      body: fed.request.body,
      signal: AbortSignal.any([signal, AbortSignal.timeout(FORWARD_TIMEOUT_MS)]),
    });
    await answer.body?.cancel();
    return { status: answer.status, error: null };
  } catch (error) {
    return {
      status: null,
      error: error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error),
    };
  }
}

function forwardUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--forward-to "${text}" is not a URL: give e.g. http://127.0.0.1:3000/api/webhooks/partner`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--forward-to must be an http or https URL');
  return url.href;
}

async function listen({ client, values, args: [accountId = ''], stdout, stderr, signal }: RunInput): Promise<Outcome> {
  const target = forwardUrl(required(values, 'forward-to'));
  const count = int(values, 'count');
  if (count !== undefined && count < 1) throw new UsageError('--count must be 1 or more');
  const pollMs = int(values, 'poll-ms') ?? 500;
  if (pollMs < 50 || pollMs > 60_000) throw new UsageError('--poll-ms must be between 50 and 60000');
  const json = flag(values, 'json');

  // Where to start: the events to come, unless --from-start asks for the account's whole history.
  const head = await client.eventFeed(accountId, Number.MAX_SAFE_INTEGER, 1);
  if (!head.ok) return { ok: false, error: head.error };
  let after = flag(values, 'from-start') ? 0 : head.body.latest_seq;
  stderr(`Ready: forwarding the events of ${accountId} to ${target} (Ctrl-C to stop)`);

  let forwarded = 0;
  while (!signal.aborted && (count === undefined || forwarded < count)) {
    const page = await client.eventFeed(accountId, after);
    if (!page.ok) return { ok: false, error: page.error };
    for (const fed of page.body.data) {
      if (signal.aborted || (count !== undefined && forwarded >= count)) break;
      const result = await forward(target, fed, signal);
      after = fed.seq;
      forwarded += 1;
      const { event } = fed;
      stdout(
        json
          ? JSON.stringify({
              seq: fed.seq,
              id: event.id,
              type: event.type,
              robot_id: event.robot_id,
              conversation_id: event.conversation_id,
              ...result,
            })
          : `${fed.recorded_at}  ${event.type.padEnd(16)} ${event.id}  -> ${result.status ?? `not delivered: ${result.error ?? ''}`}`,
      );
    }
    if (page.body.data.length === 0) await sleep(pollMs, undefined, { signal }).catch(() => undefined);
  }
  stderr(`forwarded ${forwarded} event(s)`);
  return { ok: true, json: { forwarded }, text: () => '', printed: true };
}

export const listenCommand: Command = {
  summary: "forward an account's events to a local endpoint as signed deliveries, printing each (as `stripe listen`)",
  args: ['account_id'],
  options: {
    'forward-to': { type: 'string', value: 'url', description: 'where to POST each event (required)' },
    count: { type: 'string', value: 'n', description: 'stop after n events (default: run until Ctrl-C)' },
    'from-start': { type: 'boolean', description: 'also the events recorded before (default: only new ones)' },
    'poll-ms': { type: 'string', value: 'ms', description: 'how often to look for new events, 50-60000 (default 500)' },
  },
  notes: [
    'Each event goes out with the headers and body a delivery carries (webhook-id, webhook-timestamp,',
    "webhook-signature signed with the account's secret), so the endpoint verifies it as it would the",
    'real thing. Works whether or not the account has a webhook URL, and changes nothing in the sandbox.',
    'Lines go to stdout as events come (with --json one JSON object per line); "Ready" and the total to stderr.',
    'example: listen acc_… --forward-to http://127.0.0.1:3000/api/webhooks/partner',
  ],
  run: listen,
};
