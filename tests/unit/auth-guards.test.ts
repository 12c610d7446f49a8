import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every page, route handler and server action, found on disk, so that a new one cannot forget its check.
const root = path.resolve(__dirname, '../..');
const appDir = path.join(root, 'app');
const files = (fs.readdirSync(appDir, { recursive: true }) as string[]).map((f) => path.join('app', f));
// pages/ holds only the webhook receiver (a Node handler, for speed): nothing else may hide there.
const pagesFiles = (fs.readdirSync(path.join(root, 'pages'), { recursive: true }) as string[])
  .map((f) => path.join('pages', f))
  .filter((f) => /\.tsx?$/.test(f));
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** Open without a session by design: sign-in, one-time links, the health check, the social-DM return page, Auth.js itself (the webhook receiver, signature-checked, is in pages/). */
const PUBLIC = [
  'app/login/',
  'app/invite/',
  'app/channels/return/',
  'app/api/health/',
  'app/api/auth/',
  'app/page.tsx',
  'app/not-found.tsx',
];
const isPublic = (file: string) => PUBLIC.some((p) => file === p || file.startsWith(p));

/** Server actions that change nothing at the service and only the signed-in person's own things: a viewer may run them. */
const READ_ONLY_ACTIONS = ['checkConnectionAction', 'refreshDirectoryAction', 'signOutAction', 'changePasswordAction'];

describe('session and role checks', () => {
  const pages = files.filter((f) => f.endsWith('page.tsx') && !isPublic(f));
  const routes = files.filter((f) => f.endsWith('route.ts') && !isPublic(f));
  const actionFiles = files.filter((f) => /\.tsx?$/.test(f) && /^['"]use server['"]/m.test(read(f)) && !isPublic(f));

  it('keeps pages/ to the public webhook receiver', () => {
    expect(pagesFiles).toEqual(['pages/api/webhooks/partner.ts']);
  });

  it('finds the pages, route handlers and actions', () => {
    expect(pages.length).toBeGreaterThanOrEqual(9);
    expect(routes.length).toBeGreaterThanOrEqual(4);
    expect(actionFiles.length).toBeGreaterThanOrEqual(6);
  });

  it.each(pages)('%s checks the session itself', (file) => {
    expect(read(file)).toMatch(/await requireSessionUser\(\)/);
  });

  it.each(routes)('%s checks the session itself before anything else', (file) => {
    const source = read(file);
    for (const handler of source.matchAll(/export async function (GET|POST|PUT|PATCH|DELETE)\([^)]*\)[^{]*\{([\s\S]*?)\n\}/g)) {
      const firstStatement = (handler[2] ?? '').trim().split('\n')[0] ?? '';
      // A handler that changes things goes through the change gate, whose own first step is the session (below).
      expect(firstStatement, `${handler[1]} in ${file}`).toMatch(
        /await (authorise\('(view|change)'(, [^;]+)?\)|authoriseChangeRequest\(request, '[a-z_.]+'\))/,
      );
    }
  });

  it('the change gate of route handlers checks the session before anything else', () => {
    // The body starts after the line that ends the signature with `{`.
    const gate = /export async function authoriseChangeRequest\([\s\S]*?\{\n([^\n]*)/.exec(read('lib/security/same-origin.ts'));
    expect(gate, 'authoriseChangeRequest in lib/security/same-origin.ts').not.toBeNull();
    expect(gate?.[1]?.trim()).toMatch(/await authorise\('view'\)/);
  });

  it('the action wrapper checks the session and role before anything else', () => {
    // The body of the function defineAction returns, up to the schema: only the audit name, computed from the input, comes first.
    const wrapper = /return async \(\.\.\.input: Input\): Promise<State> => \{\n([\s\S]*?)\n\s*const parsed/.exec(
      read('app/_actions/define-action.ts'),
    );
    expect(wrapper, 'defineAction in app/_actions/define-action.ts').not.toBeNull();
    const steps = (wrapper?.[1] ?? '')
      .trim()
      .split('\n')
      .map((line) => line.trim());
    expect(steps[0]).toMatch(/^const name = spec\.audit\?\.\(\.\.\.input\);$/);
    expect(steps[1]).toMatch(/^const access = await authorise\(spec\.permission, /);
    expect(steps[2]).toMatch(/^if \(!access\.ok\) return spec\.refused\(/);
  });

  it.each(actionFiles)('every action in %s checks the session, and a change refuses viewers', (file) => {
    const source = read(file);
    const actions = [...source.matchAll(/export async function (\w+)\([^)]*\)[^{]*\{([\s\S]*?)\n\}/g)];
    // An action made by defineAction names its permission first; the wrapper checks it (above).
    const wrapped = [...source.matchAll(/export const (\w+) = defineAction\(\s*\{\s*permission: '(\w+)'/g)];
    const exported = [...source.matchAll(/export (?:async function|const) (\w+)/g)].map((m) => m[1]);
    expect(exported.sort(), `every export of ${file} is an action found here`).toEqual(
      [...actions.map((m) => m[1]), ...wrapped.map((m) => m[1])].sort(),
    );
    expect(actions.length + wrapped.length).toBeGreaterThan(0);
    for (const [, name, permission] of wrapped) {
      expect(['view', 'change'], `${name} in ${file} checks the session`).toContain(permission);
      if (!READ_ONLY_ACTIONS.includes(name ?? '')) expect(permission, `${name} in ${file} refuses viewers`).toBe('change');
    }
    for (const [, name, body] of actions) {
      // A change may name its audit action as a second argument (a viewer refused it is logged).
      const check = /await (authorise\('(view|change)'(?:, [^;]+)?\)|getSessionUser\(\))/.exec(body ?? '');
      expect(check, `${name} in ${file} checks the session`).not.toBeNull();
      if (!READ_ONLY_ACTIONS.includes(name ?? '')) expect(check?.[2], `${name} in ${file} refuses viewers`).toBe('change');
    }
  });
});
