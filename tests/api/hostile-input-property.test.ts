import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileRequest } from './hostile-arbitraries';
import { problemWith, rawRequest, routeName, servedRoutes, type RawRequest, type RouteSpec } from './hostile-http';
import { partnerWorld, type PartnerWorld } from './partner-world';
import { ADMIN_TOKEN, TestSandbox } from './support';

// Property test over every /v1 and control API route, listed from the sandbox's own OpenAPI
// documents (so a new route is covered the day it is declared): hostile ids, queries, headers and
// bodies never get a 5xx, a hang, an undocumented status or an answer without the error envelope.

const RUNS_PER_ROUTE = 300;

// The route list is read from the running sandbox before the tests are declared (one `it` per route).
const sandbox = new TestSandbox();
await sandbox.start();
const routes = await servedRoutes(sandbox);
afterAll(() => sandbox.stop());

/** Destructive routes last in each surface, so the valid ids the others use still exist while they run. */
const order = (route: RouteSpec) => (route.surface === 'v1' ? 0 : 2) + (route.method === 'DELETE' ? 1 : 0);
const ordered = [...routes].sort((a, b) => order(a) - order(b));

// A /v1 partner, and a separate one whose ids the control routes use: a control call such as a
// key rotation with a valid id must not lock the /v1 runs out.
let v1World: PartnerWorld;
let controlWorld: PartnerWorld;
/** Per route: how many inputs ran, and how many got each status (to see how deep they reached). */
const inputs = new Map<string, { count: number; statuses: Map<number, number> }>();

beforeAll(async () => {
  // A limit far above the runs, so hostile requests reach the routes rather than the limiter.
  v1World = await partnerWorld(sandbox, { rate_limit_per_minute: 1_000_000 });
  controlWorld = await partnerWorld(sandbox, { rate_limit_per_minute: 1_000_000 });
});

afterAll(() => {
  const total = [...inputs.values()].reduce((sum, { count }) => sum + count, 0);
  const lines = [...inputs].map(([name, { count, statuses }]) => {
    const spread = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    return `  ${String(count).padStart(5)}  ${name}  (${spread.join(' ')})`;
  });
  console.log(`hostile inputs per route (${inputs.size} routes, ${total} requests):\n${lines.join('\n')}`);
});

const describeRequest = (request: RawRequest) =>
  JSON.stringify({ ...request, path: request.path.slice(0, 300), body: request.body?.toString('utf8').slice(0, 300) });

describe('hostile input on every documented route', () => {
  it('covers both documents', () => {
    expect(routes.filter((r) => r.surface === 'v1').length).toBeGreaterThanOrEqual(10);
    expect(routes.filter((r) => r.surface === 'control').length).toBeGreaterThanOrEqual(30);
    expect(routes.some((r) => r.body === 'multipart')).toBe(true);
  });

  for (const route of ordered) {
    it(`${routeName(route)} never answers 5xx, hangs or leaves the envelope`, { timeout: 60_000 }, async () => {
      const world = route.surface === 'v1' ? v1World : controlWorld;
      const seen = { count: 0, statuses: new Map<number, number>() };
      inputs.set(routeName(route), seen);
      await fc.assert(
        fc.asyncProperty(hostileRequest(route, world.ids, v1World.key, ADMIN_TOKEN), async (request) => {
          const answer = await rawRequest(sandbox.url, request);
          seen.count += 1;
          seen.statuses.set(answer.status, (seen.statuses.get(answer.status) ?? 0) + 1);
          const problem = problemWith(route, answer);
          if (problem !== undefined) throw new Error(`${problem}\nrequest: ${describeRequest(request)}`);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    });
  }
});
