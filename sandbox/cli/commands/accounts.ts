import type { AccountChanges, AccountCreated, NewAccount } from '../../control-client/types';
import { durationSeconds, flag, headerPairs, int, list, outcome, required, str, UsageError, type Command, type Values } from '../command';
import { accountsTable, accountText, robotsTable, shownOnce } from '../format';

const planOptions = {
  tier: { type: 'string', value: 'basic|professional|business', description: 'plan tier (of the standard subscription)' },
  'standard-plan': { type: 'string', value: 'yes|no', description: 'whether the account holds a standard subscription' },
  'social-dm-tier': { type: 'string', value: 'basic|professional|business|none', description: 'social-DM subscription held beside it' },
  capacity: { type: 'string', value: 'n', description: 'channel capacity (active channels)' },
  'rate-limit': { type: 'string', value: 'n', description: 'requests per minute' },
  'return-url': { type: 'string', value: 'url', description: 'where the social-DM handshake returns' },
} as const;

function planBody(values: Values): AccountChanges {
  const body: AccountChanges = {};
  const name = str(values, 'name');
  if (name !== undefined) body.name = name;
  if (str(values, 'tier') !== undefined) body.tier = str(values, 'tier');
  const standard = str(values, 'standard-plan');
  if (standard !== undefined) {
    if (standard !== 'yes' && standard !== 'no') throw new UsageError('--standard-plan takes yes or no');
    body.standard_plan = standard === 'yes';
  }
  const socialDm = str(values, 'social-dm-tier');
  if (socialDm !== undefined) body.social_dm_tier = socialDm === 'none' ? null : socialDm;
  const capacity = int(values, 'capacity');
  if (capacity !== undefined) body.capacity = capacity;
  const rate = int(values, 'rate-limit');
  if (rate !== undefined) body.rate_limit_per_minute = rate;
  if (str(values, 'return-url') !== undefined) body.return_url = str(values, 'return-url');
  return body;
}

const created = (a: AccountCreated) =>
  [`account ${a.account_id} created`, shownOnce('api key', a.api_key), shownOnce('webhook secret', a.webhook_secret)].join('\n');

export const accountCommands: Record<string, Command> = {
  list: {
    summary: 'list every account',
    run: ({ client }) => outcome(client.listAccounts(), (answer) => accountsTable(answer.data)),
  },
  create: {
    summary: 'create an account; prints its API key and webhook secret once',
    options: {
      name: { type: 'string', value: 'name', description: 'account name (required)' },
      ...planOptions,
      role: { type: 'string', multiple: true, value: 'robot_creation|social_dm', description: 'grant a role (repeatable)' },
      'webhook-url': { type: 'string', value: 'url', description: 'webhook URL' },
      'webhook-auth-token': { type: 'string', value: 'token', description: 'webhook auth token (X-Webhook-Token)' },
      'auth-token': { type: 'string', value: 'token', aliasOf: 'webhook-auth-token', description: 'the same as --webhook-auth-token' },
      header: { type: 'string', multiple: true, value: '"Name: value"', description: 'custom webhook header (repeatable)' },
    },
    notes: [
      'example: accounts create --name Acme --role social_dm --webhook-url http://127.0.0.1:4020/hook --webhook-auth-token s3cret --header "X-Env: dev"',
    ],
    run({ client, values }) {
      const body: NewAccount = { ...planBody(values), name: required(values, 'name') };
      const roles = list(values, 'role');
      if (roles.length > 0) body.roles = roles;
      const url = str(values, 'webhook-url');
      const token = str(values, 'webhook-auth-token');
      if (url !== undefined) body.webhook = { url, auth_token: token ?? '', custom_headers: headerPairs(list(values, 'header')) };
      else if (token !== undefined || list(values, 'header').length > 0)
        throw new UsageError('--webhook-auth-token and --header need --webhook-url');
      return outcome(client.createAccount(body), created);
    },
  },
  delete: {
    summary: 'delete an account with everything it owns (robots, channels, conversations, deliveries, usage)',
    args: ['account_id'],
    options: { yes: { type: 'boolean', description: 'confirm: nothing of the account can be recovered' } },
    run({ client, args: [id = ''], values }) {
      if (!flag(values, 'yes')) throw new UsageError(`deleting ${id} cannot be undone: add --yes to confirm`);
      return outcome(client.deleteAccount(id), () => `account ${id} deleted with everything it owned`);
    },
  },
  show: {
    summary: 'show an account and its robots',
    args: ['account_id'],
    async run({ client, args: [id = ''] }) {
      const account = await client.getAccount(id);
      if (!account.ok) return { ok: false, error: account.error };
      const robots = await client.listRobots(id);
      if (!robots.ok) return { ok: false, error: robots.error };
      return {
        ok: true,
        json: { ...account.body, robots: robots.body.data },
        text: () => `${accountText(account.body)}\n\n${robotsTable(robots.body.data)}`,
      };
    },
  },
  update: {
    summary: 'change name, plan, return URL or attachment exclusions',
    args: ['account_id'],
    options: {
      name: { type: 'string', value: 'name', description: 'account name' },
      ...planOptions,
      'clear-return-url': { type: 'boolean', description: 'remove the return URL' },
      exclude: {
        type: 'string',
        multiple: true,
        value: 'image|video|voice|document',
        description: 'excluded attachment kind (repeatable; replaces the list)',
      },
      'no-exclusions': { type: 'boolean', description: 'exclude no attachment kind' },
    },
    run({ client, values, args: [id = ''] }) {
      const body = planBody(values);
      if (flag(values, 'clear-return-url')) body.return_url = null;
      if (list(values, 'exclude').length > 0) body.excluded_attachment_kinds = list(values, 'exclude');
      if (flag(values, 'no-exclusions')) body.excluded_attachment_kinds = [];
      if (Object.keys(body).length === 0) throw new UsageError('nothing to change: give at least one option');
      return outcome(client.patchAccount(id, body), accountText);
    },
  },
};

export const keyCommands: Record<string, Command> = {
  rotate: {
    summary: 'issue a new key (shown once); the old one answers 401 from then on',
    args: ['account_id'],
    run: ({ client, args: [id = ''] }) =>
      outcome(client.rotateKey(id), (a) => `${shownOnce('api key', a.api_key)}\nthe previous key answers 401 from now on`),
  },
  expire: {
    summary: 'set or clear the key expiry (sandbox clock)',
    args: ['account_id'],
    options: {
      at: { type: 'string', value: 'rfc3339', description: 'expire at this instant' },
      in: { type: 'string', value: 'duration', description: 'expire this long after sandbox now (90s, 15m, 2h30m, 1d2h)' },
      clear: { type: 'boolean', description: 'never expire' },
    },
    async run({ client, values, args: [id = ''] }) {
      const given = ['at', 'in', 'clear'].filter((name) => values[name] !== undefined);
      if (given.length !== 1) throw new UsageError('give exactly one of --at, --in, --clear');
      let at: string | null = null;
      if (str(values, 'at') !== undefined) at = str(values, 'at') ?? null;
      const within = str(values, 'in');
      if (within !== undefined) {
        const seconds = durationSeconds(within);
        const clock = await client.clock();
        if (!clock.ok) return { ok: false, error: clock.error };
        at = new Date(Date.parse(clock.body.now) + seconds * 1000).toISOString();
      }
      return outcome(
        client.patchAccount(id, { key_expires_at: at }),
        (a) => `key of ${a.account_id} expires ${a.key_expires_at ?? 'never'}`,
      );
    },
  },
};

function roleChange(grant: boolean): Command {
  return {
    summary: `${grant ? 'grant' : 'revoke'} a role (robot_creation or social_dm)`,
    args: ['account_id', 'role'],
    async run({ client, args: [id = '', role = ''] }) {
      const account = await client.getAccount(id);
      if (!account.ok) return { ok: false, error: account.error };
      const roles = new Set<string>(account.body.roles);
      if (grant) roles.add(role);
      else roles.delete(role);
      return outcome(client.patchAccount(id, { roles: [...roles] }), (a) => `roles of ${a.account_id}: ${a.roles.join(',') || 'none'}`);
    },
  };
}

export const roleCommands: Record<string, Command> = { grant: roleChange(true), revoke: roleChange(false) };

export function lapseCommand(lapsed: boolean): Command {
  return {
    summary: lapsed ? 'lapse the plan: every channel turns off (D6)' : 'renew the plan: channels stay off until enabled over /v1',
    args: ['account_id'],
    run: ({ client, args: [id = ''] }) =>
      outcome(client.patchAccount(id, { lapsed }), (a) =>
        lapsed
          ? `plan of ${a.account_id} lapsed; active channels now ${a.active_channels}`
          : `plan of ${a.account_id} renewed; channels stay off until enabled`,
      ),
  };
}
