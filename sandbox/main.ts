import { readEnv } from './env';
import { keptAdminToken } from './kept-token';
import { startSandbox } from './server';

const parsed = readEnv(process.env);
if (!parsed.ok) {
  console.error(parsed.message);
  process.exit(1);
}
const { env } = parsed;

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

const sandbox = await startSandbox({ port: env.SANDBOX_PORT, dataDir: env.DATA_DIR, adminToken }).catch((error: unknown) => {
  console.error(`sandbox: could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
console.log(`sandbox listening on ${sandbox.url}`);

const shutdown = () => {
  void sandbox.close().then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
