import { beforeAll, describe, expect, it } from 'vitest';
import { setUpSandbox, type AccountCreated, type ErrorBody } from './support';

const sandbox = setUpSandbox();
let account: AccountCreated;

beforeAll(async () => {
  account = await sandbox.createAccount({ rate_limit_per_minute: 10_000 });
});

const F = '2026-01-01T00:00:00Z';
const T = '2026-02-01T00:00:00Z';

describe('GET /v1/usage parameter checks (D11, D3)', () => {
  it('answers 400 invalid_parameter naming the parameter for every broken query', async () => {
    const bad: [string, string][] = [
      [`from=${F}`, 'to'],
      [`to=${T}`, 'from'],
      [`from=yesterday&to=${T}`, 'from'],
      [`from=${F}&to=2026-02-01`, 'to'],
      [`from=2026-02-30T00:00:00Z&to=${T}`, 'from'],
      [`from=2026-01-01T00:00Z&to=${T}`, 'from'],
      [`from=2026-01-01T00:00:00&to=${T}`, 'from'],
      [`from=&to=${T}`, 'from'],
      [`from=${F}&from=${F}&to=${T}`, 'from'],
      [`from=${T}&to=${F}`, 'from'],
      ['from=2025-01-01T00:00:00Z&to=2026-01-02T00:00:00.001Z', 'to'],
      [`from=${F}&to=${T}&breakdown=channel`, 'breakdown'],
      [`from=${F}&to=${T}&breakdown=`, 'breakdown'],
      [`from=${F}&to=${T}&breakdown=SOURCE`, 'breakdown'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=abc', 'limit'],
      ['offset=-1', 'offset'],
      ['offset=x', 'offset'],
      ['robot_id=', 'robot_id'],
    ];
    for (const [query, parameter] of bad) {
      const result = await sandbox.api<ErrorBody>(account.api_key, `/v1/usage?${query.replaceAll('+', '%2B')}`);
      expect(result.status, query).toBe(400);
      expect(result.body.error.code, query).toBe('invalid_parameter');
      expect(result.body.error.details.parameter, query).toBe(parameter);
      expect(typeof result.body.error.details.reason, query).toBe('string');
    }
  });

  it('accepts a span of exactly 366 days, offsets, fractions and from equal to to', async () => {
    const good = [
      'from=2025-01-01T00:00:00Z&to=2026-01-02T00:00:00Z',
      'from=2026-01-01T00:00:00%2B02:00&to=2026-01-01T23:59:59.999-05:00',
      'from=2026-01-01T00:00:00.123456Z&to=2026-01-01T00:00:00.123456Z',
      `from=${F}&to=${T}&breakdown=source&limit=100&offset=0`,
      'unknown=1',
    ];
    for (const query of good) {
      const result = await sandbox.api(account.api_key, `/v1/usage?${query}`);
      expect(result.status, query).toBe(200);
    }
  });

  it('checks in D25 order: key, then parameters, then the robot', async () => {
    const keyless = await sandbox.api<ErrorBody>(undefined, `/v1/usage?from=${T}&to=${F}`);
    expect(keyless.status).toBe(401);
    const both = await sandbox.api<ErrorBody>(account.api_key, `/v1/usage?from=${T}&to=${F}&robot_id=rb_unknown000000000`);
    expect(both.status).toBe(400);
    const robotOnly = await sandbox.api<ErrorBody>(account.api_key, `/v1/usage?from=${F}&to=${T}&robot_id=rb_unknown000000000`);
    expect(robotOnly.status).toBe(404);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = await sandbox.fetch<{
      paths: Record<string, { get?: { parameters?: { name: string }[]; responses: Record<string, unknown> } }>;
    }>('/v1/openapi.json');
    const op = doc.body.paths['/v1/usage']?.get;
    expect(op?.parameters?.map((p) => p.name).sort()).toEqual(['breakdown', 'from', 'limit', 'offset', 'robot_id', 'to']);
    expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '404', '429']));
  });
});
