import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Rules of the repository's layout that a reviewer would otherwise have to remember.
const root = path.resolve(__dirname, '../..');
const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '' && fs.existsSync(path.join(root, file)));
const sources = tracked.filter((file) => /\.(ts|tsx|mjs)$/.test(file));
const texts = tracked.filter((file) => /\.(ts|tsx|mjs|md)$/.test(file));
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('repository structure', () => {
  it('resolves every decision cited as D<n> to a record in docs/decisions', () => {
    const records = new Set(
      fs.readdirSync(path.join(root, 'docs/decisions')).flatMap((name) => (/^(\d{4})-/.exec(name) ? [Number(name.slice(0, 4))] : [])),
    );
    const unresolved = texts.flatMap((file) =>
      [...read(file).matchAll(/\bD(\d{1,3})\b/g)].filter((m) => !records.has(Number(m[1]))).map((m) => `${file}: ${m[0]}`),
    );
    expect(unresolved).toEqual([]);
  });

  it('cites nothing outside the repository', () => {
    const outside = texts.filter(
      (file) => /\/work\/|\.\.\/shared\/|shared\/spec\//.test(read(file)) && file !== 'tests/unit/repository-structure.test.ts',
    );
    expect(outside).toEqual([]);
  });

  it('keeps every source file under 300 lines', () => {
    const long = sources.map((file) => ({ file, lines: read(file).split('\n').length })).filter((f) => f.lines > 300);
    expect(long).toEqual([]);
  });

  it('has no two folders of lib/ importing each other, type imports included', () => {
    // The lint's layer zones hold the layers; between features only this check stands.
    const folderOf = (file: string) => /^lib\/([^/]+)\//.exec(file)?.[1];
    const arrows = new Set<string>();
    for (const file of sources.filter((f) => folderOf(f) !== undefined)) {
      const from = folderOf(file);
      for (const m of read(file).matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/g)) {
        const spec = m[1] ?? '';
        const target = spec.startsWith('@/')
          ? spec.slice(2)
          : spec.startsWith('.')
            ? path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))
            : null;
        const to = target === null ? undefined : folderOf(`${target}/`);
        if (to && from && to !== from) arrows.add(`${from} -> ${to}`);
      }
    }
    const both = [...arrows].filter((arrow) => {
      const [from, to] = arrow.split(' -> ');
      return arrows.has(`${to} -> ${from}`);
    });
    expect(arrows.size).toBeGreaterThan(20);
    expect(both).toEqual([]);
  });
});
