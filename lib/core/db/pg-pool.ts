import pg from "pg";
import { errorFields, log } from "../logging/log";
import { watchPool } from "../metrics/registry";

// Prisma's adapter-pg 6.19 cannot deserialize columns of type `name` (OID 19), which
// `prisma migrate` reads from the catalog (prisma/orm#27403, fixed in adapter-pg 7).
// Reporting such fields as `text` (OID 25) is exact: `name` is a short text type.
const NAME_OID = 19;
const TEXT_OID = 25;

type QueryResultLike = { fields?: { dataTypeID: number }[] };

function nameFieldsAsText<T>(result: T): T {
  for (const r of Array.isArray(result) ? result : [result]) {
    for (const field of (r as QueryResultLike | undefined)?.fields ?? []) {
      if (field.dataTypeID === NAME_OID) field.dataTypeID = TEXT_OID;
    }
  }
  return result;
}

class NameAsTextClient extends pg.Client {
  // pg's `query` has many overloads; this wrapper keeps every one of them (callback
  // style, promise style, submittables) and only rewrites the result's field types.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(...args: any[]): any {
    const last = args[args.length - 1];
    if (typeof last === "function") {
      args[args.length - 1] = (err: Error | null, res: unknown) => last(err, res && nameFieldsAsText(res));
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return (super.query as any)(...args);
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const result = (super.query as any)(...args);
    return result && typeof result.then === "function" ? result.then(nameFieldsAsText) : result;
  }
}

/** Connections per process (DATABASE_POOL_SIZE, default 10): mind PostgreSQL's max_connections across processes. */
export function poolSize(): number {
  const value = Number(process.env.DATABASE_POOL_SIZE ?? 10);
  return Number.isInteger(value) && value > 0 ? value : 10;
}

export function createPgPool(connectionString: string, max = poolSize()) {
  const pool = new pg.Pool({ connectionString, max, Client: NameAsTextClient });
  // An idle connection the server ends (a restart, a failover, pg_terminate_backend, a dropped
  // database) is reported as an "error" event on the pool, which discards the connection and opens
  // another on the next query: without a listener, Node takes it for an uncaught error and the
  // process dies.
  pool.on("error", (error) => log("warn", "database: an idle connection was closed by the server", errorFields(error)));
  // In the metrics' pool gauges (pcs_db_pool_*). An ended pool counts 0 in both and stays in the
  // set: a server makes one pool per process; only tests end them, a few per file.
  watchPool(pool);
  return pool;
}
