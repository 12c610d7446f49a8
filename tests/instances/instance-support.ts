// What the instance tests share: a database of their own on the throwaway cluster, and waiting for
// a started dashboard to answer.

/** Creates `name` on the cluster at `server` and gives its URL. */
export async function createDatabase(server: string, name: string): Promise<string> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return `${server}/${name}`;
}

/** Waits up to a minute for `base + path` to answer 2xx, naming the dashboard that did not. */
export async function waitUntilAnswers(base: string, path: string, name: string): Promise<void> {
  for (const started = Date.now(); ;) {
    if ((await fetch(`${base}${path}`).catch(() => undefined))?.ok) return;
    if (Date.now() - started > 60_000) throw new Error(`dashboard ${name} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
