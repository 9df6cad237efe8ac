import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory, Transaction } from "@prisma/driver-adapter-utils";
import { createAdapter, databaseTarget, type Adapter, type DatabaseTarget } from "./adapter";

// The adapter the prisma CLI gets from prisma.config.ts. Every CLI command asks for one, even
// `prisma -v` (which prints its name) and `prisma generate` (npm's postinstall), and the CLI never
// disposes of its connections. An open PGlite keeps its process alive (Postgres re-arms a timer
// every ten seconds) and an open pg pool does for its idle timeout, so an adapter opened at once
// made `prisma -v`, and with it `npm install`, hang in any checkout holding a data directory.
// Here nothing is opened before the CLI's first statement, and the database is closed again once
// the CLI has been idle for a moment with no transaction open; a later statement opens it again.

/** How long the CLI may be idle before its database is closed (a command's statements follow each other closely). */
export const CLI_IDLE_CLOSE_MS = 300;

/** The database, or the reason it cannot be opened on stderr: Prisma reports an adapter's error only as "External error id#0". */
function openForCli(target: DatabaseTarget): Adapter {
  try {
    return createAdapter(target);
  } catch (error) {
    console.error((error as Error).message);
    throw error;
  }
}

export function createCliAdapter(target: DatabaseTarget = databaseTarget(), idleCloseMs = CLI_IDLE_CLOSE_MS): SqlMigrationAwareDriverAdapterFactory {
  let opened: Adapter | undefined;
  let busy = 0;
  let idleTimer: NodeJS.Timeout | undefined;

  const closeWhenIdle = () => {
    clearTimeout(idleTimer);
    if (busy > 0 || !opened) return;
    // Unref'd: it must not be what keeps the process alive.
    idleTimer = setTimeout(() => {
      if (busy > 0 || !opened) return;
      const { close } = opened;
      opened = undefined;
      void close();
    }, idleCloseMs).unref();
  };
  /** Runs `work` with the database open, counting it as busy until it settles. */
  const whileOpen = async <T>(work: (adapter: Adapter) => Promise<T>): Promise<T> => {
    clearTimeout(idleTimer);
    busy++;
    try {
      opened ??= openForCli(target);
      return await work(opened);
    } finally {
      busy--;
      closeWhenIdle();
    }
  };
  /** A transaction keeps the database open until it commits or rolls back. */
  const holdingOpen = (transaction: Transaction): Transaction => {
    busy++;
    let ended = false;
    const end = <T>(settle: () => Promise<T>) => async () => {
      try {
        return await settle();
      } finally {
        if (!ended) {
          ended = true;
          busy--;
          closeWhenIdle();
        }
      }
    };
    return Object.assign(Object.create(transaction) as Transaction, {
      commit: end(() => transaction.commit()),
      rollback: end(() => transaction.rollback()),
    });
  };
  /** A connection whose statements each reach the database as it is now (opened again if it was closed). */
  const connection = (
    connect: (factory: SqlMigrationAwareDriverAdapterFactory) => Promise<SqlDriverAdapter>,
    first: { adapter: Adapter; driver: SqlDriverAdapter },
  ): SqlDriverAdapter => {
    let current = first;
    const info = first.driver;
    const driver = (adapter: Adapter) =>
      current.adapter === adapter ? Promise.resolve(current.driver) : connect(adapter.adapter).then((d) => (current = { adapter, driver: d }).driver);
    return {
      provider: info.provider,
      adapterName: info.adapterName,
      queryRaw: (query) => whileOpen(async (a) => (await driver(a)).queryRaw(query)),
      executeRaw: (query) => whileOpen(async (a) => (await driver(a)).executeRaw(query)),
      executeScript: (script) => whileOpen(async (a) => (await driver(a)).executeScript(script)),
      startTransaction: (isolationLevel) => whileOpen(async (a) => holdingOpen(await (await driver(a)).startTransaction(isolationLevel))),
      getConnectionInfo: () => info.getConnectionInfo?.() ?? { supportsRelationJoins: false },
      dispose: async () => {},
    };
  };
  const open = (connect: (factory: SqlMigrationAwareDriverAdapterFactory) => Promise<SqlDriverAdapter>) =>
    whileOpen(async (adapter) => connection(connect, { adapter, driver: await connect(adapter.adapter) }));

  return {
    provider: "postgres",
    // What `prisma -v` prints as the "Schema Engine Adapter": the name each adapter gives itself.
    adapterName: target.kind === "postgres" ? "@prisma/adapter-pg" : "pglite-prisma-adapter",
    connect: () => open((factory) => factory.connect()),
    connectToShadowDb: () => open((factory) => factory.connectToShadowDb()),
  };
}
