import type { Fault, NewFault, NewOutage, Outage } from '../../control-client/types';
import { durationOption, durationSeconds, int, outcome, required, str, UsageError, type Command } from '../command';
import { table } from '../format';

const faultsTable = (faults: Fault[]) =>
  table(
    ['FAULT', 'ACCOUNT', 'METHOD', 'PATH PREFIX', 'STATUS', 'LEFT', 'RETRY-AFTER'],
    faults.map((f) => [
      f.id,
      f.account_id ?? 'any',
      f.method ?? 'any',
      f.path_prefix,
      String(f.status),
      String(f.remaining),
      String(f.retry_after ?? '-'),
    ]),
  );

const STATUSES = [429, 500, 503] as const;

export const faultCommands: Record<string, Command> = {
  add: {
    summary: 'make the next matching /v1 calls fail with 429, 500 or 503 (its envelope, Retry-After on 429)',
    options: {
      'path-prefix': { type: 'string', value: '/v1/…', description: 'calls whose path starts so (required)' },
      status: { type: 'string', value: '429|500|503', description: 'the status to answer (required)' },
      times: { type: 'string', value: 'n', description: 'how many calls, 1-10000 (default 1)' },
      account: { type: 'string', value: 'account_id', description: "only this account's calls" },
      method: { type: 'string', value: 'GET|POST|…', description: 'only calls with this method' },
      'retry-after': { type: 'string', value: 'duration', description: 'Retry-After of a 429 (sent in whole seconds)' },
      dependency: { type: 'string', value: 'channel_provider|ai_service', description: 'the dependency a 503 names' },
    },
    run({ client, values }) {
      const status = Number(required(values, 'status'));
      if (!(STATUSES as readonly number[]).includes(status)) throw new UsageError('--status must be 429, 500 or 503');
      const body: NewFault = {
        path_prefix: required(values, 'path-prefix'),
        status: status as NewFault['status'],
        times: int(values, 'times') ?? 1,
      };
      if (str(values, 'account') !== undefined) body.account_id = str(values, 'account');
      if (str(values, 'method') !== undefined) body.method = str(values, 'method');
      const retryAfter = durationOption(values, 'retry-after');
      if (retryAfter !== undefined) body.retry_after = retryAfter;
      if (str(values, 'dependency') !== undefined) body.dependency = str(values, 'dependency') as NewFault['dependency'];
      return outcome(client.addFault(body), (f) => faultsTable([f]));
    },
  },
  list: {
    summary: 'list the faults still armed',
    run: ({ client }) => outcome(client.listFaults(), (a) => faultsTable(a.data)),
  },
  clear: {
    summary: 'disarm every fault',
    run: ({ client }) => outcome(client.clearFaults(), () => 'every fault cleared'),
  },
};

const outagesTable = (outages: Outage[]) =>
  table(
    ['CHANNEL TYPE', 'STARTS', 'UNTIL'],
    outages.map((o) => [o.channel_type ?? 'every type', o.starts_at, o.until]),
  );

export const outageCommands: Record<string, Command> = {
  start: {
    summary: 'take a channel provider down (every type without --channel-type): automated replies queue until it ends',
    args: ['duration'],
    options: { 'channel-type': { type: 'string', value: 'type', description: 'only this channel type' } },
    notes: ['duration: 90 (seconds), 90s, 15m, 2h30m or 1d2h, on the sandbox clock', 'example: outage start 2h --channel-type chat_app'],
    run({ client, values, args: [duration = ''] }) {
      const seconds = durationSeconds(duration);
      if (seconds <= 0) throw new UsageError('an outage lasts more than 0 seconds');
      const body: NewOutage = { until_seconds: seconds };
      if (str(values, 'channel-type') !== undefined) body.channel_type = str(values, 'channel-type');
      return outcome(client.startOutage(body), (o) => outagesTable([o]));
    },
  },
  list: {
    summary: 'list the provider outages running now',
    run: ({ client }) => outcome(client.listOutages(), (a) => outagesTable(a.data)),
  },
  end: {
    summary: 'end every running outage now (the reply queue is worked before the answer)',
    run: ({ client }) => outcome(client.endOutages(), () => 'every outage ended'),
  },
};
