import { parseArgs } from 'node:util';
import { hostRefusal, readEnv, type SandboxFlags } from './env';
import { readFixtures, type Fixtures } from './fixtures';
import { keptAdminToken } from './kept-token';
import { PROGRAM_NAMES } from './program-names';
import { startSandbox } from './server';

const USAGE = `usage: ${PROGRAM_NAMES.server} [--port <n>] [--host <address>] [--data-dir <dir>] [--fixtures <file>]

  --port <n>           port to listen on, 0 for a free one (default $SANDBOX_PORT, else 4010)
  --host <address>     address to listen on (default $HOST, else 127.0.0.1); beyond loopback
                       only with SANDBOX_ADMIN_TOKEN set
  --data-dir <dir>     where the database and the kept admin token live (default $DATA_DIR, else .data)
  --fixtures <file>    JSON accounts (fixed ids, keys, secrets, robots, channels, plans) made at
                       every start and on a reset (default $SANDBOX_FIXTURES, else none)
  --help               show this help

The command line for a running sandbox: ${PROGRAM_NAMES.cli} --help`;

let flags: SandboxFlags & { help?: boolean | undefined };
try {
  flags = parseArgs({
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      fixtures: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  }).values;
} catch (error) {
  console.error(`sandbox: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}
if (flags.help === true) {
  console.log(USAGE);
  process.exit(0);
}

const parsed = readEnv(process.env, flags);
if (!parsed.ok) {
  console.error(parsed.message);
  process.exit(1);
}
const { env } = parsed;
const refusal = hostRefusal(env);
if (refusal !== undefined) {
  console.error(refusal);
  process.exit(1);
}

let fixtures: Fixtures | undefined;
if (env.SANDBOX_FIXTURES !== undefined) {
  const read = readFixtures(env.SANDBOX_FIXTURES);
  if (!read.ok) {
    console.error(read.message);
    process.exit(1);
  }
  fixtures = read.fixtures;
}

let adminToken = env.SANDBOX_ADMIN_TOKEN;
if (adminToken === undefined) {
  try {
    const kept = keptAdminToken(env.DATA_DIR);
    adminToken = kept.token;
    // Where, never the token itself: this line ends up in logs.
    console.log(`sandbox: admin token ${kept.created ? 'generated and kept' : 'read from'} ${kept.file} (sandboxAdminToken)`);
  } catch (error) {
    console.error(`sandbox: SANDBOX_ADMIN_TOKEN is unset and ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

const sandbox = await startSandbox({
  port: env.SANDBOX_PORT,
  dataDir: env.DATA_DIR,
  adminToken,
  host: env.HOST,
  fixtures,
  // One line per /v1 and control request on stdout, beside the start-up lines (SANDBOX_REQUEST_LOG=off silences it).
  ...(env.SANDBOX_REQUEST_LOG === 'on' && { requestLog: (line: string) => console.log(line) }),
}).catch((error: unknown) => {
  console.error(`sandbox: could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
if (env.HOST !== '127.0.0.1') console.log(`sandbox: bound to ${env.HOST}`);
if (fixtures !== undefined) console.log(`sandbox: ${fixtures.accounts.length} fixture account(s) made from ${env.SANDBOX_FIXTURES ?? ''}`);
console.log(`sandbox listening on ${sandbox.url}`);

const shutdown = () => {
  void sandbox.close().then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
