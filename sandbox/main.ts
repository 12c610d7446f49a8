import { parseArgs } from 'node:util';
import { hostRefusal, readEnv } from './env';
import { keptAdminToken } from './kept-token';
import { startSandbox } from './server';

let flags: { host?: string | undefined };
try {
  flags = parseArgs({ options: { host: { type: 'string' } }, strict: true }).values;
} catch (error) {
  console.error(`sandbox: ${error instanceof Error ? error.message : String(error)} (the one option is --host <address>)`);
  process.exit(1);
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
  // One line per /v1 and control request on stdout, beside the start-up lines (SANDBOX_REQUEST_LOG=off silences it).
  ...(env.SANDBOX_REQUEST_LOG === 'on' && { requestLog: (line: string) => console.log(line) }),
}).catch((error: unknown) => {
  console.error(`sandbox: could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
if (env.HOST !== '127.0.0.1') console.log(`sandbox: bound to ${env.HOST}`);
console.log(`sandbox listening on ${sandbox.url}`);

const shutdown = () => {
  void sandbox.close().then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
