import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createControlClient, unwrap } from '../../sandbox/control-client/client';
import { freePort } from '../../scripts/free-port';
import { TEST_BUILD_ENV } from '../../scripts/test-build';
import { createDatabase } from './instance-support';
import {
  adaptGuide,
  bareConfiguration,
  buildSeparately,
  guideConfiguration,
  httpsRequest,
  selfSignedCertificate,
  startInstance,
  startNginx,
  waitUntil,
  type Logged,
} from './proxy-support';

// The deployment the guide describes, started in `dir`: a sandbox as the service (trusting the
// self-signed certificate, as a real service trusts a real one), two instances built separately on
// one PostgreSQL database, and nginx with the guide's configuration in front, plus two bare
// configurations that forward nothing or only the scheme.

const ADMIN_TOKEN = 'behind-nginx-admin-token-0123456789';
const WEBHOOK_TOKEN = 'behind-nginx-webhook-token';

export type Deployment = {
  certificate: { cert: string; key: string };
  /** The guide's HTTPS origin, AUTH_URL of both instances. */
  origin: string;
  /** nginx with its default headers. */
  plainOrigin: string;
  /** nginx forwarding the scheme only. */
  protoOnlyOrigin: string;
  instancePorts: [number, number];
  /** The settings both instances run with (a third may start with them). */
  instanceEnv: Record<string, string>;
  accessLog: () => Logged[];
  children: ChildProcess[];
};

function startSandboxProcess(dir: string, cert: string, children: ChildProcess[]): Promise<string> {
  const child = spawn('node_modules/.bin/tsx', ['tests/api/sandbox-process.ts'], {
    env: { ...process.env, DATA_DIR: path.join(dir, 'sandbox'), SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN, NODE_EXTRA_CA_CERTS: cert },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening (\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}) before listening`)));
  });
}

const healthy = (port: number) => async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;

export async function startDeployment(dir: string, pgServer: string): Promise<Deployment> {
  const children: ChildProcess[] = [];
  fs.mkdirSync(path.join(dir, 'sandbox'));
  const certificate = selfSignedCertificate(dir);
  const second = path.join(dir, 'second-build');
  buildSeparately(second);

  const sandboxUrl = await startSandboxProcess(dir, certificate.cert, children);
  const [httpPort, httpsPort, plainPort, protoOnlyPort, one, other] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const instancePorts: [number, number] = [one, other];
  const origin = `https://localhost:${httpsPort}`;

  const control = createControlClient(fetch, sandboxUrl, ADMIN_TOKEN);
  const account = unwrap(
    await control.createAccount({
      name: 'Behind nginx',
      rate_limit_per_minute: 1000,
      webhook: { url: `${origin}/api/webhooks/partner`, auth_token: WEBHOOK_TOKEN },
    }),
    'account',
  );

  // The README's several-instances settings, plus the two the guide names for a proxy.
  const instanceEnv = {
    ...TEST_BUILD_ENV,
    DATABASE_URL: await createDatabase(pgServer, `behind_nginx_${process.pid}`),
    AUTH_URL: origin,
    TRUSTED_PROXIES: '127.0.0.1',
    PARTNER_API_URL: sandboxUrl,
    PARTNER_API_KEY: account.api_key,
    PARTNER_API_MODE: 'sandbox',
    PARTNER_WEBHOOK_SECRET: account.webhook_secret,
    PARTNER_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
    ROBOT_DIRECTORY_SYNC: 'off',
    DELIVERY_WATCH: 'off',
    NEXT_TELEMETRY_DISABLED: '1',
  };
  const instances = [
    startInstance(process.cwd(), one, { ...instanceEnv, DATA_DIR: path.join(dir, 'one') }, path.join(dir, 'instance-one.log')),
    startInstance(second, other, { ...instanceEnv, DATA_DIR: path.join(dir, 'other') }, path.join(dir, 'instance-two.log')),
  ];
  children.push(...instances.map((instance) => instance.process));
  await Promise.all([waitUntil('instance one to start', healthy(one)), waitUntil('instance two to start', healthy(other))]);

  const guide = adaptGuide(guideConfiguration(), { http: httpPort, https: httpsPort, instances: instancePorts }, certificate);
  const nginx = startNginx(path.join(dir, 'nginx'), [
    guide,
    bareConfiguration('bare', plainPort, instancePorts, certificate),
    bareConfiguration('proto_only', protoOnlyPort, instancePorts, certificate, 'proxy_set_header X-Forwarded-Proto $scheme;'),
  ]);
  children.push(nginx.process);
  await waitUntil('nginx to answer', async () => (await httpsRequest(`${origin}/api/health`, certificate.cert)).status === 200);
  return {
    certificate,
    origin,
    plainOrigin: `https://localhost:${plainPort}`,
    protoOnlyOrigin: `https://localhost:${protoOnlyPort}`,
    instancePorts,
    instanceEnv,
    accessLog: nginx.accessLog,
    children,
  };
}
