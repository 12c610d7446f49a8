import { readEnv } from './env';
import { startSandbox } from './server';

const parsed = readEnv(process.env);
if (!parsed.ok) {
  console.error(parsed.message);
  process.exit(1);
}
const { env } = parsed;

const sandbox = await startSandbox({ port: env.SANDBOX_PORT, dataDir: env.DATA_DIR, adminToken: env.SANDBOX_ADMIN_TOKEN }).catch(
  (error: unknown) => {
    console.error(`sandbox: could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
console.log(`sandbox listening on ${sandbox.url}`);

const shutdown = () => {
  void sandbox.close().then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
