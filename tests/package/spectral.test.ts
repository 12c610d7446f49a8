import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutNpmSettings } from '../../scripts/sandbox-package';
import { CONTROL_OPENAPI_PATH } from '../../sandbox/routes/control';
import { ADMIN_TOKEN, setUpSandbox } from '../api/support';

// Both OpenAPI documents linted as an integrator's tooling would: Spectral's CLI installed from the
// npm registry in a folder of its own, with the stock `spectral:oas` ruleset and nothing switched
// off. An error or a warning fails, and the assertion names each one as `code path message`.

const SPECTRAL = '@stoplight/spectral-cli@6.16.3';

const sandbox = setUpSandbox();
const dir = mkdtempSync(path.join(tmpdir(), 'spectral-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Spectral's dependency @scarf/scarf reports installs over the network unless told not to.
const env = () => ({ ...withoutNpmSettings(), SCARF_ANALYTICS: 'false' });

beforeAll(() => {
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'spectral-lint', private: true }));
  writeFileSync(path.join(dir, '.spectral.yaml'), 'extends: ["spectral:oas"]\n');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', SPECTRAL], { cwd: dir, encoding: 'utf8', env: env() });
  if (install.status !== 0) throw new Error(`npm install ${SPECTRAL} failed:\n${install.stderr}`);
}, 300_000);

interface SpectralResult {
  code: string;
  path: (string | number)[];
  message: string;
  /** 0 error, 1 warning, 2 information, 3 hint. */
  severity: number;
}

/** Spectral's results for one document, read from its JSON output. */
function lint(name: string, document: string): SpectralResult[] {
  const file = path.join(dir, `${name}.json`);
  const output = path.join(dir, `${name}.spectral.json`);
  writeFileSync(file, document);
  // With --fail-severity error the exit code is 1 when there are errors: the results are in the
  // output file either way, and anything else (2: Spectral itself failed) is reported as it is.
  const lintRun = spawnSync(
    path.join(dir, 'node_modules', '.bin', 'spectral'),
    [
      'lint',
      file,
      '--format',
      'json',
      '--output',
      output,
      '--ruleset',
      path.join(dir, '.spectral.yaml'),
      '--fail-severity',
      'error',
      '--quiet',
    ],
    { cwd: dir, encoding: 'utf8', env: env() },
  );
  if (lintRun.status !== 0 && lintRun.status !== 1) {
    throw new Error(`spectral lint exited ${String(lintRun.status)}:\n${lintRun.stdout}\n${lintRun.stderr}`);
  }
  return JSON.parse(readFileSync(output, 'utf8')) as SpectralResult[];
}

/** Errors and warnings, one line each: what to fix and where. */
const findings = (results: SpectralResult[]) =>
  results.filter((result) => result.severity <= 1).map((result) => `${result.code} ${result.path.join('.')} ${result.message}`);

describe("Spectral's spectral:oas ruleset", () => {
  // The sandbox runs in this process: each document is read before Spectral runs, never while it must answer.
  it('finds no error or warning in /v1/openapi.json', async () => {
    const response = await fetch(`${sandbox.url}/v1/openapi.json`);
    expect(response.status).toBe(200);
    expect(findings(lint('v1', await response.text()))).toEqual([]);
  });

  it(`finds no error or warning in the control API's ${CONTROL_OPENAPI_PATH}`, async () => {
    const response = await fetch(`${sandbox.url}${CONTROL_OPENAPI_PATH}`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(findings(lint('control', await response.text()))).toEqual([]);
  });
});
