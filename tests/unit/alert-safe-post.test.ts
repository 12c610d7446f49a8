import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pinnedLookup, postJson, type ResolvedAddress, type Resolver } from '@/lib/alerts';

interface Seen {
  method: string | undefined;
  contentType: string | undefined;
  body: string;
}

const servers: (http.Server | https.Server)[] = [];

/** A real receiver on 127.0.0.1 that records what reached it. */
async function receiver(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => res.end('ok')) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method, contentType: req.headers['content-type'], body });
      answer(req, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, seen };
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A resolver that answers from a list, one answer per call, and counts the calls. */
function resolverAnswering(...answers: string[][]) {
  const calls: string[] = [];
  const resolve: Resolver = async (host) => {
    calls.push(host);
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)] ?? [];
    return answer.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, calls };
}

const neverResolve: Resolver = () => Promise.reject(new Error('the resolver must not be asked'));
const payload = { text: 'Robot R-7 has been silent for 10 minutes' };
const local = { allowLoopback: true, allowHttp: true } as const;

describe('posting an alert: refused destinations (service mode)', () => {
  it.each([
    ['loopback', 'https://127.0.0.1/'],
    ['loopback IPv6', 'https://[::1]/'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/'],
    ['loopback as one number', 'https://2130706433/'],
    ['loopback in hex', 'https://0x7f.1/'],
    ['private 10/8', 'https://10.0.0.5/hook'],
    ['private 192.168/16', 'https://192.168.1.20/hook'],
    ['private 172.16/12', 'https://172.16.0.9/hook'],
    ['unique-local', 'https://[fc00::1]/hook'],
    ['cloud metadata (link-local)', 'https://169.254.169.254/latest/meta-data/'],
    ['link-local IPv6', 'https://[fe80::1]/hook'],
    ['unspecified', 'https://0.0.0.0/hook'],
    ['CGNAT', 'https://100.64.1.1/hook'],
  ])('refuses %s (%s) without resolving or connecting', async (_name, url) => {
    const result = await postJson(url, payload, { resolve: neverResolve });
    expect(result).toMatchObject({ ok: false, reason: 'refused_address' });
  });

  it('refuses loopback even where a receiver listens, and nothing reaches it', async () => {
    const { port, seen } = await receiver();
    const result = await postJson(`http://127.0.0.1:${port}/`, payload, { allowHttp: true });
    expect(result).toEqual({
      ok: false,
      reason: 'refused_address',
      message: 'the URL points at 127.0.0.1, a loopback address; alerts go only to public addresses',
    });
    expect(seen).toEqual([]);
  });

  it('refuses a name that resolves to a private address', async () => {
    const dns = resolverAnswering(['10.0.0.5']);
    const result = await postJson('https://alerts.corp.example/hook', payload, { resolve: dns.resolve });
    expect(result).toEqual({
      ok: false,
      reason: 'refused_address',
      message: 'the URL resolves to 10.0.0.5, a private address; alerts go only to public addresses',
    });
    expect(dns.calls).toEqual(['alerts.corp.example']);
  });

  it('refuses a name that resolves to a loopback receiver, and nothing reaches it', async () => {
    const { port, seen } = await receiver();
    const dns = resolverAnswering(['127.0.0.1']);
    const result = await postJson(`http://hooks.test:${port}/`, payload, { allowHttp: true, resolve: dns.resolve });
    expect(result).toMatchObject({ ok: false, reason: 'refused_address' });
    expect(seen).toEqual([]);
  });

  it('refuses a name with one public and one private address', async () => {
    const dns = resolverAnswering(['93.184.216.34', '192.168.0.7']);
    const result = await postJson('https://hooks.example.com/x', payload, { resolve: dns.resolve });
    expect(result).toMatchObject({ ok: false, reason: 'refused_address', message: expect.stringContaining('192.168.0.7') });
  });

  it('does not follow a redirect to a private address', async () => {
    const { port, seen } = await receiver((_req, res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    });
    const result = await postJson(`http://127.0.0.1:${port}/hook`, payload, local);
    expect(result).toEqual({
      ok: false,
      reason: 'redirect',
      status: 302,
      message: 'the destination answered 302, redirected to http://169.254.169.254/latest/meta-data/; alerts do not follow redirects',
    });
    expect(seen).toHaveLength(1);
  });

  it('refuses plain http unless allowed', async () => {
    const { port, seen } = await receiver();
    const result = await postJson(`http://127.0.0.1:${port}/`, payload, { allowLoopback: true });
    expect(result).toMatchObject({ ok: false, reason: 'bad_url', message: expect.stringContaining('https') });
    expect(seen).toEqual([]);
  });

  it('refuses credentials in the URL before resolving', async () => {
    const result = await postJson('https://admin:secret@hooks.example.com/x', payload, { resolve: neverResolve });
    expect(result).toMatchObject({ ok: false, reason: 'bad_url' });
  });

  it('refuses what is not a URL', async () => {
    expect(await postJson('hooks.example.com/x', payload)).toMatchObject({ ok: false, reason: 'bad_url' });
  });
});

describe('posting an alert: the connection goes to the checked address', () => {
  it('connects to the first answer even when the name answers differently afterwards (DNS rebinding)', async () => {
    const { port, seen } = await receiver();
    // "rebind.test" exists nowhere: only the checked answer, handed to the socket, can reach the receiver.
    const dns = resolverAnswering(['127.0.0.1'], ['10.0.0.5']);
    const result = await postJson(`http://rebind.test:${port}/hook`, payload, { ...local, resolve: dns.resolve });
    expect(result).toEqual({ ok: true, status: 200 });
    expect(dns.calls).toEqual(['rebind.test']);
    expect(seen).toHaveLength(1);
  });

  it('never reaches loopback when the checked answer was public and the next one is 127.0.0.1', async () => {
    const { port, seen } = await receiver();
    const dns = resolverAnswering(['93.184.216.34'], ['127.0.0.1']);
    const result = await postJson(`http://rebind.test:${port}/hook`, payload, { allowHttp: true, resolve: dns.resolve, timeoutMs: 300 });
    // Whatever happens to a public address from a test machine, it is not the loopback receiver.
    expect(result.ok).toBe(false);
    expect(dns.calls).toEqual(['rebind.test']);
    expect(seen).toEqual([]);
  });

  it('keeps TLS on the URL’s host name: SNI names it, and an untrusted certificate is refused', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alert-tls-'));
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    // Self-signed on purpose: nobody trusts it, so a connection that succeeds would mean verification is off.
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'].concat([
        '-subj',
        '/CN=hooks.test',
        '-addext',
        'subjectAltName=DNS:hooks.test',
        '-keyout',
        key,
        '-out',
        cert,
      ]),
      { stdio: 'ignore' },
    );
    const names: string[] = [];
    const server = https.createServer({
      key: fs.readFileSync(key),
      cert: fs.readFileSync(cert),
      SNICallback: (name, done) => {
        names.push(name);
        done(null);
      },
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const dns = resolverAnswering(['127.0.0.1']);
    const result = await postJson(`https://hooks.test:${port}/hook`, payload, { allowLoopback: true, resolve: dns.resolve });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(result).toMatchObject({ ok: false, reason: 'network', message: expect.stringContaining('certificate') });
    expect(names).toEqual(['hooks.test']);
  });

  it('gives the socket a lookup that answers only the checked address', () => {
    const lookup: LookupFunction = pinnedLookup('93.184.216.34');
    const single = vi.fn();
    const all = vi.fn();
    lookup('hooks.example.com', { family: 0 }, single);
    lookup('hooks.example.com', { all: true }, all);
    expect(single).toHaveBeenCalledWith(null, '93.184.216.34', 4);
    expect(all).toHaveBeenCalledWith(null, [{ address: '93.184.216.34', family: 4 }]);
  });
});

describe('posting an alert: answers', () => {
  it('posts the JSON body with its content type and reports a 2xx as ok', async () => {
    const { port, seen } = await receiver((_req, res) => res.writeHead(204).end());
    const result = await postJson(`http://127.0.0.1:${port}/hook`, payload, local);
    expect(result).toEqual({ ok: true, status: 204 });
    expect(seen).toEqual([{ method: 'POST', contentType: 'application/json', body: JSON.stringify(payload) }]);
  });

  it('reports a refusal with its status and the start of its body', async () => {
    const { port } = await receiver((_req, res) => res.writeHead(403).end('invalid_token'));
    const result = await postJson(`http://127.0.0.1:${port}/hook`, payload, local);
    expect(result).toEqual({
      ok: false,
      reason: 'http_status',
      status: 403,
      message: 'the destination answered 403',
      bodyExcerpt: 'invalid_token',
    });
  });

  it('keeps only the first 2 KiB of a long error body', async () => {
    const { port } = await receiver((_req, res) => res.writeHead(500).end('x'.repeat(100_000)));
    const result = await postJson(`http://127.0.0.1:${port}/hook`, payload, local);
    expect(result).toMatchObject({ ok: false, reason: 'http_status', status: 500 });
    expect(!result.ok && result.bodyExcerpt?.length).toBe(2048);
  });

  it('gives up on a receiver that never answers', async () => {
    const { port, seen } = await receiver(() => {});
    const started = Date.now();
    const result = await postJson(`http://127.0.0.1:${port}/hook`, payload, { ...local, timeoutMs: 200 });
    expect(result).toEqual({ ok: false, reason: 'timeout', message: 'the destination did not answer within 200 ms' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(seen).toHaveLength(1);
  });

  it('gives up on a resolver that never answers', async () => {
    const result = await postJson('https://hooks.example.com/x', payload, { resolve: () => new Promise(() => {}), timeoutMs: 200 });
    expect(result).toMatchObject({ ok: false, reason: 'timeout' });
  });

  it('reports a name that does not resolve and a port nobody listens on as network failures', async () => {
    const missing = await postJson('https://nowhere.example/x', payload, {
      resolve: () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })),
    });
    expect(missing).toEqual({ ok: false, reason: 'network', message: 'could not find the host nowhere.example (ENOTFOUND)' });

    const { port } = await receiver();
    const server = servers.pop();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    const closed = await postJson(`http://127.0.0.1:${port}/hook`, payload, local);
    expect(closed).toMatchObject({ ok: false, reason: 'network', message: expect.stringContaining('ECONNREFUSED') });
  });
});
