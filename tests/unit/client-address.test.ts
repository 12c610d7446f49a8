import { describe, expect, it } from 'vitest';
import { clientAddressOf, trustedProxies, trustedProxiesProblem } from '../../scripts/client-address';
import { readLaunchConfig } from '@/lib/config/launch';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

describe('the client address', () => {
  const none = trustedProxies('');
  const proxy = trustedProxies('127.0.0.1, 10.0.0.0/8, ::1');

  it('is the socket’s own when no proxy is trusted, whatever the client claims', () => {
    expect(clientAddressOf('192.0.2.10', '203.0.113.1', none)).toBe('192.0.2.10');
    expect(clientAddressOf('127.0.0.1', '203.0.113.1, 10.0.0.1', none)).toBe('127.0.0.1');
    expect(clientAddressOf('::ffff:192.0.2.10', undefined, none)).toBe('192.0.2.10');
    expect(clientAddressOf(undefined, '203.0.113.1', none)).toBe('unknown');
  });

  it('is read from the right of a trusted proxy’s chain, skipping trusted hops', () => {
    expect(clientAddressOf('127.0.0.1', '198.51.100.4', proxy)).toBe('198.51.100.4');
    // The client wrote the first entry itself; the proxy appended the address it saw.
    expect(clientAddressOf('127.0.0.1', '203.0.113.1, 198.51.100.4', proxy)).toBe('198.51.100.4');
    expect(clientAddressOf('::ffff:127.0.0.1', '203.0.113.1, 198.51.100.4, 10.1.2.3', proxy)).toBe('198.51.100.4');
    expect(clientAddressOf('::1', ['198.51.100.4', '10.0.0.9'], proxy)).toBe('198.51.100.4');
    // A socket that is not a trusted proxy is believed over its header.
    expect(clientAddressOf('192.0.2.99', '198.51.100.4', proxy)).toBe('192.0.2.99');
  });

  it('stops at a hop that is no address, and falls back to the proxy when the chain is empty or all trusted', () => {
    expect(clientAddressOf('127.0.0.1', 'not-an-ip, 10.0.0.5', proxy)).toBe('10.0.0.5');
    expect(clientAddressOf('127.0.0.1', '', proxy)).toBe('127.0.0.1');
    expect(clientAddressOf('127.0.0.1', '10.0.0.1, 10.0.0.2', proxy)).toBe('10.0.0.1');
  });

  it.each(['10.0.0.0/33', 'example.com', '10.0.0.1/8/1', '::1/129', '300.1.1.1'])('refuses the trusted proxy entry %j', (entry) => {
    expect(trustedProxiesProblem(`127.0.0.1, ${entry}`)).toContain(entry);
  });
  it('takes addresses and ranges of both families', () => {
    expect(trustedProxiesProblem('127.0.0.1, 10.0.0.0/8, fd00::/8, ::1')).toBeNull();
  });
});

describe('the launcher’s guard for sandbox mode on a network', () => {
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'launch-host-'));
  it.each(['0.0.0.0', '::', '192.168.1.10'])('refuses HOST=%s in sandbox mode, naming the way out', (host) => {
    const read = readLaunchConfig({ DATA_DIR: dataDir(), HOST: host });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toContain('SANDBOX_ALLOW_NETWORK=yes');
  });
  it('allows loopback, an explicit yes, and any host against a real service', () => {
    expect(readLaunchConfig({ DATA_DIR: dataDir(), HOST: '127.0.0.1' }).ok).toBe(true);
    expect(readLaunchConfig({ DATA_DIR: dataDir(), HOST: 'localhost' }).ok).toBe(true);
    expect(readLaunchConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0', SANDBOX_ALLOW_NETWORK: 'yes' }).ok).toBe(true);
    const service = { PARTNER_API_URL: 'https://api.example.com', PARTNER_API_KEY: 'pk_live_abcdefghijkl' };
    expect(readLaunchConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0', ...service }).ok).toBe(true);
  });
  it('refuses a malformed TRUSTED_PROXIES at start', () => {
    const read = readLaunchConfig({ DATA_DIR: dataDir(), TRUSTED_PROXIES: '10.0.0.0/99' });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toContain('TRUSTED_PROXIES');
  });
});
