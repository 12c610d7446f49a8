import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What `next build` compiles: the folders and files whose content makes the build. Tests, docs,
 * the sandbox and anything generated are left out, so a checkout that has run its tests builds
 * under the same id as a fresh one.
 */
export const BUILD_SOURCES = [
  'app',
  'components',
  'contract',
  'lib',
  'pages',
  'public',
  'auth.config.ts',
  'auth.ts',
  'instrumentation.ts',
  'next.config.ts',
  'package-lock.json',
  'postcss.config.mjs',
  'proxy.ts',
  'tsconfig.json',
] as const;

function filesOf(root: string, source: string): string[] {
  const full = path.join(root, source);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(full);
  } catch {
    return [];
  }
  if (stat.isFile()) return [source];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/**
 * The build's id, from the content of its sources. Next draws a random one per build, and a page
 * served by one instance whose request (a form post, a refresh) reaches an instance built apart
 * would see another build and reload the whole page, losing what the form had just answered.
 * Two builds of one commit share this id; any change to what is compiled gives a new one.
 */
export function sourceBuildId(root: string): string {
  const hash = createHash('sha256');
  const files = BUILD_SOURCES.flatMap((source) => filesOf(root, source)).sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('base64url').slice(0, 21);
}
