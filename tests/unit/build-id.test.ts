import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_SOURCES, sourceBuildId } from '@/lib/config/build-id';

// Instances built apart must name their build alike, or a page served by one reloads itself
// whole when its form is answered by the other.
const root = path.resolve(__dirname, '../..');
const copies: string[] = [];

function copyOfSources(): string {
  const into = fs.mkdtempSync(path.join(os.tmpdir(), 'build-id-'));
  copies.push(into);
  for (const source of BUILD_SOURCES) {
    if (fs.existsSync(path.join(root, source))) fs.cpSync(path.join(root, source), path.join(into, source), { recursive: true });
  }
  return into;
}

afterAll(() => {
  for (const copy of copies) fs.rmSync(copy, { recursive: true, force: true });
});

describe('the build id', () => {
  it('is the same for two copies of one tree, whatever else lies beside the sources', () => {
    const fresh = copyOfSources();
    const used = copyOfSources();
    fs.mkdirSync(path.join(used, 'playwright-report'));
    fs.writeFileSync(path.join(used, 'playwright-report', 'index.html'), '<div class="bg-fuchsia-900">report</div>');
    fs.mkdirSync(path.join(used, '.data'));
    fs.writeFileSync(path.join(used, '.data', 'store'), 'rows');
    expect(sourceBuildId(used)).toBe(sourceBuildId(fresh));
    expect(sourceBuildId(fresh)).toBe(sourceBuildId(root));
    expect(sourceBuildId(fresh)).toMatch(/^[A-Za-z0-9_-]{21}$/);
  });

  it('changes when anything compiled changes: a file edited, added or renamed', () => {
    const base = copyOfSources();
    const before = sourceBuildId(base);
    const edited = copyOfSources();
    fs.appendFileSync(path.join(edited, 'lib', 'config', 'build-id.ts'), '\n');
    const added = copyOfSources();
    fs.writeFileSync(path.join(added, 'app', 'new-file.ts'), '');
    const renamed = copyOfSources();
    fs.renameSync(path.join(renamed, 'proxy.ts'), path.join(renamed, 'lib', 'proxy.ts'));
    const ids = [before, sourceBuildId(edited), sourceBuildId(added), sourceBuildId(renamed)];
    expect(new Set(ids).size).toBe(4);
  });
});
