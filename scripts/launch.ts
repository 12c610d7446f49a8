/**
 * `npm run dev` / `npm start`: validates the settings, starts the sandbox (unless a real service is
 * configured), provisions the demo account, then starts the dashboard and prints where to go.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { DEMO_USERS } from '../lib/credentials/demo-users';
import { createControlClient } from '../sandbox/control-client/client';
import { ensureDemoAccount, setDemoSimulator } from './demo-account';
import { readLaunchConfig } from '../lib/config/launch';
import { RECEIVER_PATH, receiverBannerLine, receiverSetup } from '../lib/config/receiver-setup';
import { childEnvironment, processEnvironment } from '../lib/config/process-env';

const mode = process.argv[2] === 'start' ? 'start' : 'dev';
const read = readLaunchConfig(processEnvironment());
if (!read.ok) {
  console.error(read.error);
  process.exit(1);
}
const config = read.config;
const children: ChildProcess[] = [];
const bin = (name: string) => path.join(process.cwd(), 'node_modules', '.bin', name);

/** Stops the children and waits (10 s at most) for them to exit, so the embedded store is free when this exits. */
let stopping = false;
function shutdown(code: number): void {
  if (stopping) return;
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 10_000).unref();
  void Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve)))).then(() => process.exit(code));
}
process.on('SIGINT', () => shutdown(130));
process.on('SIGTERM', () => shutdown(143));

function run(name: string, command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, { env: childEnvironment(env), stdio: 'inherit' });
  child.on('exit', (code) => {
    console.error(`${name} stopped (exit ${code ?? 'signal'}); stopping the rest.`);
    shutdown(code === 0 ? 1 : (code ?? 1));
  });
  children.push(child);
  return child;
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Against a real service, demo logins a data directory kept from sandbox mode are disabled before
 * the dashboard starts; returns their emails for the banner.
 */
function retirePublishedLogins(env: Record<string, string>): string[] {
  const result = spawnSync(bin('tsx'), ['--conditions=react-server', 'scripts/retire-published-logins.ts'], {
    env: childEnvironment(env),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const last = result.stdout.trim().split('\n').at(-1) ?? '';
  if (result.status !== 0 || !last.startsWith('[')) throw new Error('could not check the store for demo logins (see above)');
  return JSON.parse(last) as string[];
}

async function main(): Promise<void> {
  let partnerEnv: Record<string, string>;
  const storeEnv = { DATA_DIR: config.dataDir, AUTH_SECRET: config.authSecret };
  let retired: string[] = [];
  if (config.realService) {
    partnerEnv = { PARTNER_API_MODE: 'real', PARTNER_API_URL: config.realService.url, PARTNER_API_KEY: config.realService.apiKey };
    retired = retirePublishedLogins({ ...partnerEnv, ...storeEnv });
  } else {
    const sandboxUrl = `http://127.0.0.1:${config.sandboxPort}`;
    run('sandbox', bin('tsx'), ['sandbox/main.ts'], {
      SANDBOX_PORT: String(config.sandboxPort),
      DATA_DIR: config.dataDir,
      SANDBOX_ADMIN_TOKEN: config.sandboxAdminToken,
      // HOST is the dashboard's: the sandbox it starts stays on loopback, where this script calls it.
      HOST: '127.0.0.1',
    });
    await waitFor(`${sandboxUrl}/sandbox/health`, 60_000);
    const control = createControlClient(fetch, sandboxUrl, config.sandboxAdminToken);
    const demo = await ensureDemoAccount(control, sandboxUrl, config.dataDir, config.port);
    await setDemoSimulator(control, demo.account_id, config.simulator);
    partnerEnv = {
      PARTNER_API_MODE: 'sandbox',
      PARTNER_API_URL: sandboxUrl,
      PARTNER_API_KEY: demo.api_key,
      PARTNER_WEBHOOK_SECRET: demo.webhook_secret,
      PARTNER_WEBHOOK_TOKEN: demo.webhook_auth_token,
      SANDBOX_PANEL_URL: `${sandboxUrl}/`,
    };
  }
  run('dashboard', bin('tsx'), ['scripts/serve.ts', mode, '--port', String(config.port), '--hostname', config.host], {
    ...partnerEnv,
    ...storeEnv,
    TRUSTED_PROXIES: config.trustedProxies,
    ...(config.publicUrl && { AUTH_URL: config.publicUrl }),
  });
  const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  await waitFor(`http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${config.port}/login`, 180_000);
  // Where people reach the dashboard: the fixed public origin, else this machine's own address.
  const shownOrigin = config.publicUrl ?? `http://localhost:${config.port}`;
  const lines = [
    '',
    config.realService
      ? 'Mode: service (a real Partner API). No demo users: create the first admin with `npm run admin -- create --email you@example.com`.'
      : 'Mode: sandbox (demo data and demo users; never expose it on a network).',
    ...(retired.length > 0
      ? [
          `Security:  disabled ${retired.join(', ')}: demo logins left from sandbox mode, whose passwords are published (see the audit log).`,
        ]
      : []),
    `Addresses: ${config.trustedProxies ? `X-Forwarded-For believed from ${config.trustedProxies}` : 'taken from each connection (no TRUSTED_PROXIES set)'}`,
    `Dashboard: ${shownOrigin} (listening on ${config.host})`,
    config.publicUrl
      ? `Origin:    ${config.publicUrl} (AUTH_URL): links and sign-in use it; a request for another host or scheme is refused with the header to set`
      : "Origin:    not fixed: each request's own host and scheme (a proxy's X-Forwarded-Host and X-Forwarded-Proto); behind a proxy set AUTH_URL",
    config.realService
      ? receiverBannerLine(receiverSetup({ publicOrigin: shownOrigin, ...config.webhook }))
      : `Receiver:  ${shownOrigin}${RECEIVER_PATH} (the sandbox's demo account delivers here, signed)`,
    config.realService
      ? `Partner API: ${config.realService.url}`
      : `Sandbox:   http://127.0.0.1:${config.sandboxPort} (API reference at /v1/reference)`,
    config.sharedStore
      ? 'Store:     PostgreSQL (DATABASE_URL), shareable by several instances'
      : `Store:     embedded PostgreSQL (PGlite) in ${config.dataDir}/dashboard-db, this process only`,
    ...(config.realService ? [] : DEMO_USERS.map((u) => `Login (${u.role}): ${u.email} / ${u.password}`)),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  console.error(`Start-up failed: ${err instanceof Error ? err.message : String(err)}`);
  shutdown(1);
});
