import { beforeAll, describe, expect, it } from 'vitest';
import { PNG } from './attachment-samples';
import { routeName, servedRoutes, type RouteSpec } from './hostile-http';
import { partnerWorld, type PartnerWorld } from './partner-world';
import { expectAnswer, setUpSandbox, type ApiResult, type ErrorBody, type Json } from './support';

// D2: an id of another partner is 404, never 403, on every /v1 route that takes an id (in the path,
// the query or the body), and it changes nothing of the other partner's. The id-taking routes are
// read from /v1/openapi.json, so a new one fails here until it is given a request below.

const sandbox = setUpSandbox();
let routes: RouteSpec[];
let mine: PartnerWorld;
let theirs: PartnerWorld;

type Ids = Record<string, string>;
/** What an id-taking route is sent: a valid request apart from whose ids it names. */
type Send = (ids: Ids) => { query?: string; init?: RequestInit };

const json = (body: unknown): RequestInit => ({ headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const REQUESTS: Record<string, Send> = {
  'DELETE /v1/robots/{robot_id}': () => ({}),
  'POST /v1/robots/{robot_id}/channels': () => ({ init: json({ type: 'social_dm' }) }),
  'PATCH /v1/robots/{robot_id}/channels/{channel_id}': () => ({ init: json({ is_active: false }) }),
  'GET /v1/robots/{robot_id}/channels/{channel_id}/rules/{rule_id}': () => ({}),
  'POST /v1/conversations/{conversation_id}/typing': () => ({ init: json({ is_typing: true }) }),
  'GET /v1/webhooks/deliveries/{delivery_id}': () => ({}),
  'GET /v1/usage': (ids) => ({ query: `?robot_id=${ids.robot_id}` }),
  'GET /v1/webhooks/deliveries': (ids) => ({ query: `?delivery_id=${ids.delivery_id}` }),
  'POST /v1/attachments': (ids) => {
    const form = new FormData();
    form.append('conversation_id', ids.conversation_id ?? '');
    form.append('file', new Blob([Buffer.from(PNG)], { type: 'image/png' }), 'p.png');
    return { init: { body: form } };
  },
};

/** List routes filter by the id: another partner's matches nothing (200, empty) rather than 404. */
const FILTERS = new Set(['GET /v1/webhooks/deliveries']);

/** The ids a route takes, wherever they are. */
function idsTaken(route: RouteSpec): string[] {
  const names = [...route.pathParams, ...route.query.map((q) => q.name), ...route.bodyFields];
  if (route.body === 'multipart') names.push('conversation_id');
  return [...new Set(names.filter((name) => name.endsWith('_id')))];
}

/** Everything of a partner that a /v1 call could change, read through /v1 and the control API. */
async function snapshot(world: PartnerWorld): Promise<unknown> {
  const v1 = async (path: string) => (await sandbox.api(world.key, path)).body;
  const { conversation_id, channel_id } = world.ids;
  const deliveries = (await sandbox.api<{ data: Json[] }>(world.key, '/v1/webhooks/deliveries')).body.data;
  const attachments = expectAnswer(await sandbox.admin.listAttachments(conversation_id ?? ''), 200).data;
  return {
    robots: await v1('/v1/robots'),
    // Usage answers say whether they came from the cache; the figures are what matter.
    usage: ((await v1('/v1/usage')) as { data: unknown }).data,
    rule: await v1(`/v1/robots/${world.ids.robot_id}/channels/${channel_id}/rules/${world.ids.rule_id}`),
    // Attempts of the unreachable webhook go on in the background: compare what a call could change.
    deliveries: deliveries.map(({ delivery_id, event_id, event_type, payload }) => ({ delivery_id, event_id, event_type, payload })),
    account: expectAnswer(await sandbox.admin.getAccount(world.accountId), 200),
    panelRobots: expectAnswer(await sandbox.admin.listRobots(world.accountId), 200),
    conversation: expectAnswer(await sandbox.admin.getConversation(conversation_id ?? ''), 200),
    // Each read signs a fresh URL.
    attachments: attachments.map(({ url, ...rest }) => ({ ...rest, url: typeof url })),
    rules: expectAnswer(await sandbox.admin.listRules(channel_id ?? ''), 200),
  };
}

beforeAll(async () => {
  routes = (await servedRoutes(sandbox)).filter((route) => route.surface === 'v1' && idsTaken(route).length > 0);
  mine = await partnerWorld(sandbox);
  theirs = await partnerWorld(sandbox);
});

async function call(route: RouteSpec, ids: Ids): Promise<ApiResult<ErrorBody & { data?: Json[] }>> {
  const send = REQUESTS[routeName(route)];
  if (!send) throw new Error(`no request for ${routeName(route)}: add one to REQUESTS`);
  const { query = '', init = {} } = send(ids);
  const path = route.template.replace(/\{([^}]+)\}/g, (_, name: string) => ids[name] ?? '');
  return sandbox.api(mine.key, `${path}${query}`, { method: route.method, ...init });
}

describe('another partner’s ids (D2: 404, never 403)', () => {
  it('knows a request for every id-taking /v1 route', () => {
    expect(routes.map(routeName).sort()).toEqual(Object.keys(REQUESTS).sort());
  });

  it('every id-taking route answers 404 for any of another partner’s ids, and changes nothing of theirs', async () => {
    const before = await snapshot(theirs);
    const mineBefore = await snapshot(mine);
    for (const route of routes) {
      const taken = idsTaken(route);
      // Each id of theirs alone among ids of mine, then all of theirs.
      const variants = [...taken.map((name) => ({ ...mine.ids, [name]: theirs.ids[name] ?? '' })), theirs.ids];
      for (const ids of variants) {
        const result = await call(route, ids);
        const what = `${routeName(route)} with ${JSON.stringify(ids)}`;
        if (FILTERS.has(routeName(route))) {
          expect(result.status, what).toBe(200);
          expect(result.body.data, what).toEqual([]);
        } else {
          expect(result.status, `${what}: ${JSON.stringify(result.body)}`).toBe(404);
          expect(result.body.error.code, what).toBe('not_found');
        }
      }
    }
    expect(await snapshot(theirs)).toEqual(before);
    // The calls named their own ids only next to one of theirs: nothing of theirs changed either.
    expect(await snapshot(mine)).toEqual(mineBefore);
  });
});
