import type { HistoryRequest, LoggedRequest, Simulator } from '../../control-client/types';
import { table } from '../format';
import { durationOption, durationSeconds, flag, int, outcome, str, UsageError, type Command } from '../command';

export const historyCommands: Record<string, Command> = {
  simulate: {
    summary: 'add simulated past traffic to every robot of an account',
    args: ['account_id'],
    options: {
      days: { type: 'string', value: 'n', description: 'days of history, 1-366 (default 90)' },
      seed: { type: 'string', value: 'n', description: 'random seed (default 1): same seed, same history' },
    },
    run({ client, values, args: [id = ''] }) {
      const body: HistoryRequest = {};
      const days = int(values, 'days');
      const seed = int(values, 'seed');
      if (days !== undefined) body.days = days;
      if (seed !== undefined) body.seed = seed;
      return outcome(
        client.simulateHistory(id, body),
        (a) => `simulated ${a.conversations} conversations, ${a.messages} messages on ${a.robots} robot(s), ${a.from} to ${a.to}`,
      );
    },
  },
};

const simulatorText = (a: Simulator) =>
  a.enabled
    ? `simulator of ${a.account_id} running every ${a.interval_seconds} s (${a.steps} steps so far)`
    : `simulator of ${a.account_id} stopped`;

export const simulatorCommands: Record<string, Command> = {
  start: {
    summary: 'start (or re-pace) the live traffic simulator of an account',
    args: ['account_id'],
    options: { interval: { type: 'string', value: 'duration', description: 'time between beats, 1s-1h (default 5s)' } },
    notes: ['example: simulator start acc_… --interval 30s'],
    run({ client, values, args: [id = ''] }) {
      const interval = durationOption(values, 'interval');
      const body = { account_id: id, enabled: true, ...(interval === undefined ? {} : { interval_seconds: interval }) };
      return outcome(client.setSimulator(body), simulatorText);
    },
  },
  list: {
    summary: 'list the running traffic simulators',
    run: ({ client }) => outcome(client.listSimulators(), (a) => a.data.map(simulatorText).join('\n') || '(none running)'),
  },
  stop: {
    summary: 'stop the live traffic simulator of an account',
    args: ['account_id'],
    run: ({ client, args: [id = ''] }) => outcome(client.setSimulator({ account_id: id, enabled: false }), simulatorText),
  },
};

const accountOption = {
  account: { type: 'string', value: 'account_id', description: "that account's own clock instead of the sandbox's" },
} as const;

export const clockCommands: Record<string, Command> = {
  show: {
    summary: "show sandbox now and its offset from wall time (or an account's time)",
    options: accountOption,
    run({ client, values }) {
      const accountId = str(values, 'account');
      if (accountId === undefined) return outcome(client.clock(), (a) => `now     ${a.now}\noffset  ${a.offset_seconds} s`);
      return outcome(client.accountClock(accountId), (a) =>
        [
          `now      ${a.now}`,
          a.own_clock
            ? `offset   ${a.offset_seconds} s ahead of the sandbox clock (its own clock)`
            : 'offset   0 s (follows the sandbox clock)',
          `sandbox  ${a.sandbox_now}`,
        ].join('\n'),
      );
    },
  },
  advance: {
    summary: "move the sandbox clock forward, or one account's own (due work runs before the answer)",
    args: ['duration'],
    options: accountOption,
    notes: [
      'duration: 90 (seconds), 90s, 15m, 2h30m, 1d2h or 150m',
      'example: clock advance 2h30m',
      "With --account only that account's time moves (it has its own clock from then on) and only its due",
      'work runs; the other accounts are untouched. Moving the sandbox clock moves every account.',
    ],
    run({ client, values, args: [duration = ''] }) {
      const seconds = durationSeconds(duration);
      if (seconds <= 0) throw new UsageError('the clock only moves forward: give a duration above 0');
      const accountId = str(values, 'account');
      if (accountId === undefined) return outcome(client.advanceClock(seconds), (a) => `now ${a.now}`);
      return outcome(client.advanceAccountClock(accountId, seconds), (a) => `${accountId} now ${a.now}`);
    },
  },
};

const requestsTable = (requests: LoggedRequest[]) =>
  table(
    ['AT', 'METHOD', 'PATH', 'STATUS', 'MS', 'REQUEST'],
    requests.map((r) => [r.at, r.method, r.path, String(r.status), String(r.duration_ms), r.request_id ?? '-']),
  );

export const requestsCommand: Command = {
  summary: "list an account's most recent /v1 requests, newest first",
  args: ['account_id'],
  options: { limit: { type: 'string', value: 'n', description: 'how many, 1-200 (default all kept: 200)' } },
  notes: ['The sandbox keeps the last 200 per account in memory; query values are never kept.'],
  run({ client, values, args: [id = ''] }) {
    return outcome(client.recentRequests(id, int(values, 'limit')), (a) => requestsTable(a.data));
  },
};

export const resetCommand: Command = {
  summary: 'delete every account with everything it owns, provider outages and faults, then make the fixtures again (the clock stays)',
  options: { yes: { type: 'boolean', description: 'confirm: nothing can be recovered' } },
  run({ client, values }) {
    if (!flag(values, 'yes')) throw new UsageError('a reset deletes every account and cannot be undone: add --yes to confirm');
    const accounts = (n: number) => `${n} account${n === 1 ? '' : 's'}`;
    return outcome(client.reset(), (a) =>
      a.fixture_accounts > 0
        ? `reset: ${accounts(a.deleted_accounts)} deleted, ${accounts(a.fixture_accounts)} made again from the fixtures`
        : `reset: ${accounts(a.deleted_accounts)} deleted`,
    );
  },
};
