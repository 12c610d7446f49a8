import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutNpmSettings } from '../../scripts/sandbox-package';
import { setUpSandbox } from '../api/support';

// A client generated from /v1/openapi.json as an integrator would: openapi-typescript's types and
// openapi-fetch, compiled with TypeScript 5 (which openapi-typescript 7 declares) in a folder of
// its own, then run against the sandbox. The types must hold what the sandbox answers: the program
// reads fields by their generated names, and a wrong name fails its compilation.

const sandbox = setUpSandbox();
const dir = mkdtempSync(path.join(tmpdir(), 'openapi-client-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './api.js';

declare const process: { env: Record<string, string | undefined> };

const client = createClient<paths>({
  baseUrl: process.env.SANDBOX_URL ?? '',
  headers: { Authorization: \`Bearer \${process.env.API_KEY ?? ''}\` },
});

const robots = await client.GET('/v1/robots', { params: { query: { limit: 10 } } });
const usage = await client.GET('/v1/usage', {});
const test = await client.POST('/v1/webhooks/test', {});
console.log(
  JSON.stringify({
    robots: { status: robots.response.status, names: robots.data?.data.map((robot) => robot.name) ?? [] },
    usage: { status: usage.response.status, from: usage.data?.window.from ?? null, rows: usage.data?.data.length ?? null },
    test: { status: test.response.status, delivery: test.data?.delivery_id ?? null },
  }),
);
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noUncheckedIndexedAccess: true,
    outDir: 'dist',
  },
  files: ['client.ts', 'api.d.ts'],
};

const run = (command: string, args: string[], env: Record<string, string> = {}) =>
  execFileSync(command, args, { cwd: dir, encoding: 'utf8', env: { ...withoutNpmSettings(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });

beforeAll(() => {
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'generated-client', private: true, type: 'module' }));
  run('npm', ['install', '--no-audit', '--no-fund', 'openapi-typescript@7.13.0', 'openapi-fetch@0.17.0', 'typescript@5.9.3']);
}, 300_000);

describe('a client generated from the OpenAPI document', () => {
  it('compiles with the generated types and calls three operations with the answers they describe', async () => {
    const { account_id, api_key } = await sandbox.createAccount({ webhook: { url: 'http://127.0.0.1:9/hook', auth_token: 'tok' } });
    await sandbox.createRobot(account_id, { name: 'Generated client bot' });

    // The sandbox runs in this process: read its document here, and never block while it must answer.
    writeFileSync(path.join(dir, 'openapi.json'), await (await fetch(`${sandbox.url}/v1/openapi.json`)).text());
    run(path.join(dir, 'node_modules', '.bin', 'openapi-typescript'), ['openapi.json', '-o', 'api.d.ts']);
    writeFileSync(path.join(dir, 'client.ts'), CLIENT);
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    run(path.join(dir, 'node_modules', '.bin', 'tsc'), ['-p', '.']);

    const { stdout } = await promisify(execFile)(process.execPath, ['dist/client.js'], {
      cwd: dir,
      env: { ...withoutNpmSettings(), SANDBOX_URL: sandbox.url, API_KEY: api_key },
    });
    const answered = JSON.parse(stdout) as unknown;
    expect(answered).toEqual({
      robots: { status: 200, names: ['Generated client bot'] },
      usage: { status: 200, from: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), rows: 1 },
      test: { status: 202, delivery: expect.stringMatching(/^dlv_/) },
    });
  });
});
