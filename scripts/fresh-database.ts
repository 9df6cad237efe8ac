import pg from "pg";

/**
 * Drops and creates the database of `url`: for runs that own their database (the test suites on
 * PostgreSQL, the benches, the multi-process spec), so nothing a former run left behind (pending
 * webhook deliveries, due rows) is worked again. Local PostgreSQL only.
 */
export async function freshDatabase(url: string) {
  await onServer(url, async (admin, name) => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  });
}

/** Replaces the database of `url` by a copy of `template`'s (which nobody may be connected to). Local PostgreSQL only. */
export async function copyDatabase(template: string, url: string) {
  const source = new URL(template).pathname.slice(1);
  await onServer(url, async (admin, name) => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${source}"`);
  });
}

/** Drops the database of `url`, connections and all. Local PostgreSQL only. */
export async function dropDatabase(url: string) {
  await onServer(url, (admin, name) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

async function onServer(url: string, work: (admin: pg.Client, name: string) => Promise<unknown>) {
  const parsed = new URL(url);
  if (!["127.0.0.1", "localhost", "[::1]"].includes(parsed.hostname)) {
    throw new Error(`The database is dropped and created afresh: local PostgreSQL only, not ${parsed.hostname}.`);
  }
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: "/postgres" }).toString() });
  await admin.connect();
  try {
    await work(admin, parsed.pathname.slice(1));
  } finally {
    await admin.end();
  }
}

/** `url` with `suffix` appended to its database's name. */
export function siblingDatabaseUrl(url: string, suffix: string) {
  const sibling = new URL(url);
  sibling.pathname = `/${sibling.pathname.slice(1) || "postgres"}_${suffix}`;
  return sibling.toString();
}
