import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { ensureNginx } from '../../scripts/ensure-nginx';
import { TEST_BUILD_ENV } from '../../scripts/test-build';

// The pieces of a deployment behind nginx, as docs/dashboard/behind-a-proxy.md describes it: a
// self-signed certificate, nginx with the document's own configuration, a second build of the
// dashboard made separately, and instances started as `npm start` starts them.

/** A certificate for localhost, trusted by the test's own HTTPS client and by the sandbox (NODE_EXTRA_CA_CERTS). */
export function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'localhost.crt');
  const key = path.join(dir, 'localhost.key');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

/** The nginx configuration of the deployment guide, exactly as written there. */
export function guideConfiguration(): string {
  const guide = fs.readFileSync('docs/dashboard/behind-a-proxy.md', 'utf8');
  const block = /<!-- nginx-config -->\s*```nginx\n([\s\S]*?)```\s*<!-- \/nginx-config -->/.exec(guide)?.[1];
  if (!block) throw new Error('docs/dashboard/behind-a-proxy.md has no nginx block between its markers');
  return block;
}

export type Ports = { http: number; https: number; instances: [number, number] };

/** The guide's block with only what differs on this machine: ports, certificate and server name. */
export function adaptGuide(block: string, ports: Ports, certificate: { cert: string; key: string }): string {
  const replacements: [string, string][] = [
    ['server 127.0.0.1:3000 ', `server 127.0.0.1:${ports.instances[0]} `],
    ['server 127.0.0.1:3001 ', `server 127.0.0.1:${ports.instances[1]} `],
    ['listen 80;', `listen 127.0.0.1:${ports.http};`],
    ['listen 443 ssl;', `listen 127.0.0.1:${ports.https} ssl;`],
    ['/etc/ssl/certs/dashboard.example.com.crt', certificate.cert],
    ['/etc/ssl/private/dashboard.example.com.key', certificate.key],
    ['server_name dashboard.example.com;', 'server_name localhost;'],
  ];
  let adapted = block;
  for (const [from, to] of replacements) {
    if (!adapted.includes(from)) throw new Error(`the guide's nginx block no longer has "${from}"`);
    adapted = adapted.split(from).join(to);
  }
  return adapted;
}

/** What nginx does when told nothing but where to pass requests, optionally with a header or two. */
export function bareConfiguration(
  name: string,
  port: number,
  instances: [number, number],
  certificate: { cert: string; key: string },
  extra = '',
): string {
  return `upstream ${name} { server 127.0.0.1:${instances[0]}; server 127.0.0.1:${instances[1]}; }
server {
    listen 127.0.0.1:${port} ssl;
    server_name localhost;
    ssl_certificate ${certificate.cert};
    ssl_certificate_key ${certificate.key};
    location / { proxy_pass http://${name}; ${extra} }
}
`;
}

/** One access-log line per request: which instance answered what. */
export type Logged = { method: string; uri: string; status: number; upstream: string; action: boolean; rsc: boolean };

export function startNginx(dir: string, sites: string[]): { process: ChildProcess; accessLog: () => Logged[] } {
  const nginx = ensureNginx();
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  const access = path.join(dir, 'access.log');
  const conf = `daemon off;
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
    log_format instances '$request_method|$request_uri|$status|$upstream_addr|$http_next_action|$http_rsc';
    access_log ${access} instances;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
${sites.join('\n')}
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const check = spawnSync(nginx, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused the configuration:\n${check.stderr}`);
  const child = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
  const accessLog = () =>
    (fs.existsSync(access) ? fs.readFileSync(access, 'utf8') : '')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [method = '', uri = '', status = '0', upstream = '', action = '-', rsc = '-'] = line.split('|');
        return { method, uri, status: Number(status), upstream, action: action !== '-', rsc: rsc !== '-' };
      });
  return { process: child, accessLog };
}

const SKIPPED = new Set([
  'node_modules',
  '.next',
  '.data',
  '.git',
  'reports',
  'test-results',
  'coverage',
  '.stryker-tmp',
  'tsconfig.tsbuildinfo',
]);

/** A second checkout of this tree (node_modules hard-linked), built on its own as an operator builds each instance. */
export function buildSeparately(into: string): void {
  const root = process.cwd();
  fs.cpSync(root, into, { recursive: true, filter: (source) => !SKIPPED.has(path.relative(root, source).split(path.sep)[0] ?? '') });
  execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(into, 'node_modules')]);
  // An operator's checkout holds files of its own beside the sources (reports, logs), and no git
  // repository says they are ignored: the build must not take them in.
  fs.mkdirSync(path.join(into, 'playwright-report'), { recursive: true });
  fs.writeFileSync(path.join(into, 'playwright-report', 'index.html'), '<div class="bg-fuchsia-900 text-9xl grid-cols-11">a report</div>');
  const built = spawnSync(path.join(into, 'node_modules', '.bin', 'next'), ['build'], {
    cwd: into,
    // Not vitest's NODE_ENV=test: Next would build another stylesheet under another name, which
    // the first build's pages would then ask the other instance for in vain.
    env: { ...process.env, ...TEST_BUILD_ENV, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`the second build failed:\n${built.stdout.slice(-3000)}\n${built.stderr.slice(-3000)}`);
}

/** A dashboard instance as `npm start` runs it, from `cwd`'s build; what it prints goes to `logFile` too. */
export function startInstance(
  cwd: string,
  port: number,
  env: Record<string, string>,
  logFile: string,
): { process: ChildProcess; stderr: () => string } {
  let stderr = '';
  const log = fs.createWriteStream(logFile);
  const child = spawn(path.join(cwd, 'node_modules', '.bin', 'tsx'), ['scripts/serve.ts', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    log.write(chunk);
  });
  return { process: child, stderr: () => stderr };
}

/** The end of each log in `dir`, for a failure's report. */
export function logTails(dir: string, lines = 40): string {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.log'))
    .map((name) => `--- ${name}\n${fs.readFileSync(path.join(dir, name), 'utf8').split('\n').slice(-lines).join('\n')}`)
    .join('\n');
}

export async function waitUntil(what: string, ready: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  for (const started = Date.now(); ;) {
    if (await ready().catch(() => false)) return;
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/** A request over HTTPS that trusts only the test's certificate, as a browser would once told to. */
export function httpsRequest(
  url: string,
  ca: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = https.request(url, { method: init.method ?? 'GET', headers: init.headers, ca: fs.readFileSync(ca) }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.on('error', reject);
    request.end(init.body);
  });
}
