import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { E2E } from './e2e-env';

// Server actions called over HTTP the way the browser calls them (POST with a Next-Action header),
// found in Next's own manifest of the build.

interface ManifestEntry {
  exportedName: string;
  filename: string;
  workers: Record<string, unknown>;
}
export type ServerAction = ManifestEntry & { id: string };

export function serverActions(): ServerAction[] {
  const manifest = JSON.parse(fs.readFileSync(path.join('.next', 'server', 'server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, ManifestEntry>;
  };
  return Object.entries(manifest.node).map(([id, entry]) => ({ id, ...entry }));
}

export function serverAction(name: string): ServerAction {
  const found = serverActions().find((a) => a.exportedName === name);
  if (!found) throw new Error(`no server action named ${name} in the build`);
  return found;
}

/** The URL of a page the action is bound to: `app/(dashboard)/robots/[robotId]/page` → `/robots/<robotId>`. */
function pageUrl(worker: string, robotId: string): string {
  const segments = worker
    .replace(/^app\//, '')
    .replace(/\/?page$/, '')
    .split('/')
    .filter((s) => s !== '' && !/^\(.*\)$/.test(s))
    .map((s) => (s.startsWith('[') ? robotId : s));
  return `/${segments.join('/')}`;
}

/** Calls the action as React's client does: the arguments as one multipart reply, form fields prefixed `_1_`. */
export async function callServerAction(
  request: APIRequestContext,
  action: ServerAction,
  robotId: string,
  form: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const worker = Object.keys(action.workers)[0] ?? 'app/page';
  const multipart = new FormData();
  // The form's fields go first, as React's client writes them: the server resolves `$K1` from the
  // fields that arrived before the root part, so fields sent after it would reach the action empty.
  for (const [name, value] of Object.entries(form)) multipart.append(`_1_${name}`, value);
  multipart.append('0', JSON.stringify([{ status: 'idle' }, '$K1']));
  const response = await request.post(pageUrl(worker, robotId), {
    headers: { 'Next-Action': action.id, Accept: 'text/x-component', Origin: E2E.dashboardUrl },
    multipart,
    maxRedirects: 0,
  });
  return { status: response.status(), text: await response.text() };
}
