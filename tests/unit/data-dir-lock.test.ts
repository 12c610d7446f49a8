import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedStoreHolder, holdDataDirLock } from '@/lib/db/data-dir-lock';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-lock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const lockFile = path.join(dir, 'dashboard-db.lock');

describe('the embedded store is one process’s', () => {
  it('refuses a second dashboard on the same data directory, naming the fix', () => {
    // Our parent (the test runner) stands for a dashboard that is running.
    fs.writeFileSync(lockFile, String(process.ppid));
    expect(() => holdDataDirLock(dir)).toThrow(/Another dashboard process \(pid \d+\) uses the embedded store.*DATABASE_URL/);
    expect(embeddedStoreHolder(dir)).toBe(process.ppid);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that died, and releases it', () => {
    fs.writeFileSync(lockFile, '2147483646');
    expect(embeddedStoreHolder(dir)).toBeNull();
    const release = holdDataDirLock(dir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});
