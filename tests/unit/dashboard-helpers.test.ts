import { describe, expect, it } from 'vitest';
import { canPerform } from '@/lib/auth/permissions';
import { pageCount, readPageParam } from '@/lib/ui/pagination';
import { safeReturnPath } from '@/lib/auth/safe-return-path';

describe('safeReturnPath', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeReturnPath('/robots?page=2')).toBe('/robots?page=2');
    expect(safeReturnPath('http://localhost:3000/settings')).toBe('/settings');
  });
  it('refuses other sites, protocol-relative and odd values', () => {
    expect(safeReturnPath('//evil.example/x')).toBe('/robots');
    expect(safeReturnPath('/\\evil.example')).toBe('/robots');
    expect(safeReturnPath('javascript:alert(1)')).toBe('/robots');
    expect(safeReturnPath(undefined)).toBe('/robots');
    expect(safeReturnPath('/login?x=1')).toBe('/robots');
  });
  it.each([
    '/\t/evil.example',
    '/\n/evil.example',
    '/ /evil.example',
    '/\u0000/x',
    '\t//evil.example',
    'http://evil.example//x',
    '/robots\\..\\//evil.example',
  ])('refuses %j, which a browser could turn into another site', (value) => {
    expect(safeReturnPath(value)).toBe('/robots');
  });
  it.each(['/.//evil.example/phish', '/..//x', '/%2e//x', '/%2E%2E//x', '/a/../..//x', '/a/./..//x', '/robots/..//evil.example'])(
    'refuses %j, whose dot segments resolve to another site',
    (value) => {
      expect(safeReturnPath(value)).toBe('/robots');
    },
  );
  it('returns the resolved path only when that too is on this site', () => {
    expect(safeReturnPath('/a/../settings')).toBe('/settings');
    expect(safeReturnPath('/./robots?page=2')).toBe('/robots?page=2');
    expect(safeReturnPath('/a/..%2F..%2F/x')).toBe('/a/..%2F..%2F/x');
  });
  it('takes only a path starting with one slash, of at most 2,000 characters', () => {
    expect(safeReturnPath('settings', '/home')).toBe('/home');
    expect(safeReturnPath('', '/home')).toBe('/home');
    expect(safeReturnPath(42, '/home')).toBe('/home');
    const longest = `/${'a'.repeat(1999)}`;
    expect(safeReturnPath(longest, '/home')).toBe(longest);
    expect(safeReturnPath(`${longest}a`, '/home')).toBe('/home');
  });
  it('reads an absolute URL as its path, only when it starts the value, and refuses one that is not a URL', () => {
    expect(safeReturnPath('HTTPS://localhost:3000/settings?tab=key')).toBe('/settings?tab=key');
    expect(safeReturnPath('/search?u=https://example.com/x')).toBe('/search?u=https://example.com/x');
    expect(safeReturnPath('http://[bad/settings', '/home')).toBe('/home');
  });
  it('never returns to the sign-in page, but keeps other paths that mention it', () => {
    expect(safeReturnPath('/login/again', '/home')).toBe('/home');
    expect(safeReturnPath('/team/login', '/home')).toBe('/team/login');
  });
  it('keeps a normal path with an encoded query', () => {
    expect(safeReturnPath('/webhooks?status=succeeded&event_type=chat.started')).toBe('/webhooks?status=succeeded&event_type=chat.started');
    expect(safeReturnPath('/conversations?conversation=conv_1%2F2')).toBe('/conversations?conversation=conv_1%2F2');
  });
});

describe('readPageParam', () => {
  it('reads positive integers', () => {
    expect(readPageParam('3')).toEqual({ page: 3 });
    expect(readPageParam(undefined)).toEqual({ page: 1 });
    expect(readPageParam(['2', '5'])).toEqual({ page: 2 });
  });
  it.each(['0', '-1', 'abc', '1.5', '99999999999999999999'])('falls back to page 1 for %s and says why', (raw) => {
    const read = readPageParam(raw);
    expect(read.page).toBe(1);
    expect(read.problem).toContain('is not a page number');
  });
  it('counts pages', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});

describe('canPerform', () => {
  it('lets viewers view but not change', () => {
    expect(canPerform('viewer', 'view')).toBe(true);
    expect(canPerform('viewer', 'change')).toBe(false);
    expect(canPerform('admin', 'change')).toBe(true);
  });
});
