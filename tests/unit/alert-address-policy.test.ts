import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkUrl, classifyAddress, decideAddresses, postingPolicy } from '@/lib/alerts';

const service = {};
const decide = (address: string, options = service) => decideAddresses([address], 'https:', options);

describe('alert address classification', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['::ffff:10.0.0.5', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['2002:7f00:1::', 'reserved'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::5db8:d822', 'public'],
    ['93.184.216.34', 'public'],
    ['172.32.0.1', 'public'],
    ['2606:2800:220:1:248:1893:25c8:1946', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('knows a host name is no address', () => {
    expect(classifyAddress('example.com')).toBeNull();
    expect(classifyAddress('0x7f.1')).toBeNull();
  });
});

describe('alert address decisions', () => {
  it.each([
    '127.0.0.1',
    '::1',
    '::ffff:127.0.0.1',
    '10.0.0.5',
    '192.168.0.10',
    '172.16.4.4',
    'fc00::1',
    '169.254.169.254',
    'fe80::1',
    '0.0.0.0',
    '::',
  ])('refuses %s in service mode', (address) => {
    expect(decide(address).ok).toBe(false);
  });

  it('says which address and why, for an admin', () => {
    expect(decide('10.0.0.5')).toEqual({
      ok: false,
      message: 'the URL resolves to 10.0.0.5, a private address; alerts go only to public addresses',
    });
    expect(decideAddresses(['0.0.0.0'], 'https:', service, 'points at')).toEqual({
      ok: false,
      message: 'the URL points at 0.0.0.0, an unspecified address; alerts go only to public addresses',
    });
  });

  it('allows public addresses', () => {
    expect(decide('93.184.216.34')).toEqual({ ok: true });
    expect(decide('2606:2800:220:1:248:1893:25c8:1946')).toEqual({ ok: true });
  });

  it('refuses a name when any one of its addresses is forbidden', () => {
    expect(decideAddresses(['93.184.216.34', '10.0.0.5'], 'https:', service).ok).toBe(false);
    expect(decideAddresses([], 'https:', service).ok).toBe(false);
    expect(decideAddresses(['not-an-address'], 'https:', service).ok).toBe(false);
  });

  it('allows loopback only under allowLoopback, and the rest only under allowPrivate', () => {
    expect(decide('127.0.0.1', { allowLoopback: true }).ok).toBe(true);
    expect(decide('::ffff:127.0.0.1', { allowLoopback: true }).ok).toBe(true);
    expect(decide('10.0.0.5', { allowLoopback: true }).ok).toBe(false);
    expect(decide('169.254.169.254', { allowLoopback: true }).ok).toBe(false);
    for (const address of ['10.0.0.5', '127.0.0.1', '169.254.169.254', 'fc00::1', '100.64.0.1']) {
      expect(decide(address, { allowPrivate: true }).ok).toBe(true);
    }
  });

  it('never allows unspecified or multicast addresses, which are no destination', () => {
    for (const address of ['0.0.0.0', '::', '224.0.0.1', 'ff02::1']) {
      expect(decide(address, { allowPrivate: true, allowLoopback: true }).ok).toBe(false);
    }
  });

  it('allows plain http under allowHttp "loopback" only when every address is loopback', () => {
    expect(decideAddresses(['127.0.0.1'], 'http:', { allowHttp: 'loopback', allowLoopback: true }).ok).toBe(true);
    expect(decideAddresses(['93.184.216.34'], 'http:', { allowHttp: 'loopback', allowLoopback: true }).ok).toBe(false);
    expect(decideAddresses(['93.184.216.34'], 'http:', { allowHttp: true }).ok).toBe(true);
  });

  it('refuses every address of 10.0.0.0/8, whatever loopback allows', () => {
    fc.assert(
      fc.property(fc.nat(0xffffff), fc.boolean(), (n, allowLoopback) => {
        const address = `10.${n >> 16}.${(n >> 8) & 0xff}.${n & 0xff}`;
        expect(decide(address, { allowLoopback }).ok).toBe(false);
        expect(decide(`::ffff:${address}`, { allowLoopback }).ok).toBe(false);
      }),
    );
  });

  it('refuses every address of 127.0.0.0/8 unless loopback is allowed', () => {
    fc.assert(
      fc.property(fc.nat(0xffffff), (n) => {
        const address = `127.${n >> 16}.${(n >> 8) & 0xff}.${n & 0xff}`;
        expect(decide(address).ok).toBe(false);
        expect(decide(address, { allowLoopback: true }).ok).toBe(true);
      }),
    );
  });
});

describe('alert URL checks', () => {
  it('wants https unless http is allowed', () => {
    expect(checkUrl('http://hooks.example.com/x', {}).ok).toBe(false);
    expect(checkUrl('http://hooks.example.com/x', { allowHttp: true }).ok).toBe(true);
    expect(checkUrl('https://hooks.example.com:8443/x', {}).ok).toBe(true);
    expect(checkUrl('ftp://hooks.example.com/x', { allowHttp: true }).ok).toBe(false);
    expect(checkUrl('not a url', {}).ok).toBe(false);
  });

  it('refuses credentials in the URL', () => {
    expect(checkUrl('https://user:pass@hooks.example.com/x', {})).toEqual({
      ok: false,
      message: 'the URL must not contain a user name or password (user:pass@)',
    });
    expect(checkUrl('https://user@hooks.example.com/x', {}).ok).toBe(false);
  });

  it('sees through the spellings WHATWG URL normalises to an IP address', () => {
    for (const [url, host] of [
      ['https://2130706433/', '127.0.0.1'],
      ['https://0x7f.1/', '127.0.0.1'],
      ['https://0177.0.0.1/', '127.0.0.1'],
      ['https://127.1/', '127.0.0.1'],
      ['https://0/', '0.0.0.0'],
      ['https://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
      ['https://[::1]:8443/', '::1'],
    ] as const) {
      expect(checkUrl(url, {})).toMatchObject({ ok: true, host, literal: true });
    }
    expect(checkUrl('https://hooks.slack.com/services/T/B/x', {})).toMatchObject({ ok: true, host: 'hooks.slack.com', literal: false });
  });
});

describe('the posting policy of a deployment', () => {
  const off = { ALERT_ALLOW_HTTP: 'off', ALERT_ALLOW_PRIVATE_ADDRESSES: 'off' } as const;

  it('allows only public https against a real service by default', () => {
    expect(postingPolicy({ PARTNER_API_MODE: 'real', ...off })).toEqual({ allowHttp: false, allowPrivate: false, allowLoopback: false });
  });

  it('allows loopback, and http to loopback, in sandbox mode', () => {
    expect(postingPolicy({ PARTNER_API_MODE: 'sandbox', ...off })).toEqual({
      allowHttp: 'loopback',
      allowPrivate: false,
      allowLoopback: true,
    });
  });

  it('follows the two settings', () => {
    expect(postingPolicy({ PARTNER_API_MODE: 'real', ALERT_ALLOW_HTTP: 'on', ALERT_ALLOW_PRIVATE_ADDRESSES: 'on' })).toEqual({
      allowHttp: true,
      allowPrivate: true,
      allowLoopback: false,
    });
  });
});
