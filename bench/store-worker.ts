/**
 * One store's hot paths, timed in a process of its own (the dashboard reads its settings once):
 * `STORE=pglite|postgres` runs the dashboard's own functions on that store; `STORE=sqlite` runs
 * the same statements on better-sqlite3, the embedded alternative we measured against. Prints one
 * JSON line of { op: { meanMs, p95Ms, n } }.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSettings } from '../lib/config/settings';

const store = readSettings(['STORE']).STORE;
const ROBOTS = 10_000;
const N = 1000;

type Timing = { meanMs: number; p95Ms: number; n: number };
async function time(n: number, run: (i: number) => Promise<unknown> | unknown): Promise<Timing> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { meanMs: samples.reduce((a, b) => a + b, 0) / n, p95Ms: samples[Math.floor(n * 0.95)] ?? 0, n };
}

const robots = Array.from({ length: ROBOTS }, (_, i) => ({
  id: `rb_${i}`,
  name: `Customer ${i}`,
  external_id: `cust-${i}`,
  created_at: new Date(1_700_000_000_000 + i * 1000).toISOString(),
  channels: [{ id: `ch_${i}`, type: i % 3 === 0 ? 'widget' : 'social_dm', is_active: i % 2 === 0 }],
}));
const event = (i: number) => ({
  webhookId: `msg_${i % (N - 200)}`,
  eventId: `evt_${i}`,
  type: 'message.created',
  robotId: `rb_${i % 100}`,
  externalId: null,
  conversationId: `cv_${i % 50}`,
  isTest: false,
  payload: JSON.stringify({ id: `evt_${i}`, type: 'message.created', data: { text: 'hello' } }),
  receivedAt: new Date().toISOString(),
  occurredAt: new Date().toISOString(),
});

const results: Record<string, Timing> = {};
if (store === 'sqlite') {
  const { default: Database } = await import('better-sqlite3');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-sqlite-'));
  const db = new Database(path.join(dir, 'db.sqlite'));
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT UNIQUE, name TEXT, role TEXT, password_hash TEXT, disabled_at TEXT);
    CREATE TABLE api_calls (id INTEGER PRIMARY KEY, at INTEGER, purpose TEXT); CREATE INDEX api_calls_at ON api_calls (at);
    CREATE TABLE webhook_events (webhook_id TEXT PRIMARY KEY, event_id TEXT, type TEXT, robot_id TEXT, external_id TEXT, conversation_id TEXT, is_test INTEGER, payload TEXT, received_at TEXT);
    CREATE TABLE robot_directory (id TEXT PRIMARY KEY, name TEXT, name_key TEXT, external_id TEXT, created_at TEXT, position INTEGER, channels TEXT);
    CREATE INDEX robot_directory_position ON robot_directory (position);`);
  db.prepare('INSERT INTO users (email, name, role, password_hash) VALUES (?, ?, ?, ?)').run('admin@example.com', 'Admin', 'admin', 'x');
  const insertRobot = db.prepare('INSERT INTO robot_directory VALUES (?, ?, ?, ?, ?, ?, ?)');
  db.transaction(() =>
    robots.forEach((r, i) =>
      insertRobot.run(r.id, r.name, r.name.toLowerCase(), r.external_id, r.created_at, i, JSON.stringify(r.channels)),
    ),
  )();
  const findUser = db.prepare('SELECT * FROM users WHERE email = ?');
  results.sessionLookup = await time(N, () => findUser.get('admin@example.com'));
  const used = db.prepare('SELECT count(*) AS n FROM api_calls WHERE at > ?');
  const record = db.prepare('INSERT INTO api_calls (at, purpose) VALUES (?, ?)');
  const now = Date.now();
  results.reserveCall = await time(N, (i) =>
    db
      .transaction(() => {
        if ((used.get(now + i - 60_000) as { n: number }).n < 1_000_000) record.run(now + i, 'page');
      })
      .immediate(),
  );
  const insertEvent = db.prepare('INSERT OR IGNORE INTO webhook_events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  results.storeEvent = await time(N, (i) => {
    const e = event(i);
    return insertEvent.run(e.webhookId, e.eventId, e.type, e.robotId, e.externalId, e.conversationId, 0, e.payload, e.receivedAt);
  });
  const count = db.prepare(`SELECT count(*) AS n FROM robot_directory WHERE name_key LIKE ? OR lower(external_id) LIKE ?`);
  const pageOf = db.prepare(
    `SELECT * FROM robot_directory WHERE name_key LIKE ? OR lower(external_id) LIKE ? ORDER BY created_at DESC, position LIMIT 10`,
  );
  results.searchRobots = await time(200, (i) => {
    const q = `%cust-${(i * 37) % ROBOTS}%`;
    count.get(q, q);
    return pageOf.all(q, q);
  });
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
} else {
  const { createUser, findUser } = await import('../lib/auth/users');
  const { reserveCall } = await import('../lib/connection/budget');
  const { storeWebhookEvent } = await import('../lib/inbound-events/event-store');
  const { replaceDirectory } = await import('../lib/robots/directory');
  const { searchDirectory } = await import('../lib/robots/directory-query');
  const { closeDb, getDb } = await import('../lib/db');
  const opened = performance.now();
  await getDb();
  results.open = { meanMs: performance.now() - opened, p95Ms: performance.now() - opened, n: 1 };
  await createUser({ email: 'admin@example.com', name: 'Admin', role: 'admin', password: 'bench-password-123' });
  await replaceDirectory(robots, new Date().toISOString());
  results.sessionLookup = await time(N, () => findUser('admin@example.com'));
  const now = Date.now();
  results.reserveCall = await time(N, (i) => reserveCall('page', now + i));
  results.storeEvent = await time(N, (i) => storeWebhookEvent(event(i)));
  results.searchRobots = await time(200, (i) => searchDirectory({ q: `cust-${(i * 37) % ROBOTS}`, sort: 'newest' }, 1, 10));
  await closeDb();
}
console.log(JSON.stringify({ store, rssMb: Math.round(process.memoryUsage().rss / 1e6), results }));
process.exit(0);
