import pg from "pg";

/**
 * Drops and creates the database of `url`: for runs that own their database (the test suites on
 * PostgreSQL, the benches, the multi-process spec), so nothing a former run left behind (pending
 * webhook deliveries, due rows) is worked again. Local PostgreSQL only.
 */
export async function freshDatabase(url: string) {
  const parsed = new URL(url);
  if (!["127.0.0.1", "localhost", "[::1]"].includes(parsed.hostname)) {
    throw new Error(`The database is dropped and created afresh: local PostgreSQL only, not ${parsed.hostname}.`);
  }
  const name = parsed.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: "/postgres" }).toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
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
