import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, migrations } from '../../sandbox/store/migrations';

const tables = (sqlite: Database.Database) =>
  sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];

describe('schema migrations', () => {
  it('upgrade a data directory made before usage_monthly was dropped, keeping the other roll-ups', () => {
    const sqlite = new Database(':memory:');
    // The schema as the release before the drop left it: the first six migrations.
    for (const sql of migrations.slice(0, 6)) sqlite.exec(sql);
    sqlite.pragma('user_version = 6');
    sqlite.exec(
      "INSERT INTO usage_monthly (robot_id, month, client) VALUES ('rb_1', 24300, 3); INSERT INTO usage_daily (robot_id, day, client) VALUES ('rb_1', 20000, 3);",
    );

    migrate(sqlite);

    expect(sqlite.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(tables(sqlite)).not.toContain('usage_monthly');
    expect(sqlite.prepare('SELECT robot_id, day, client FROM usage_daily').all()).toEqual([{ robot_id: 'rb_1', day: 20000, client: 3 }]);
    sqlite.close();
  });

  it('give a fresh data directory no usage_monthly table', () => {
    const sqlite = new Database(':memory:');
    migrate(sqlite);
    expect(tables(sqlite)).toContain('usage_cumulative');
    expect(tables(sqlite)).not.toContain('usage_monthly');
    sqlite.close();
  });
});
