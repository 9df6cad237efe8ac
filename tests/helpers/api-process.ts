// A second app process serving the API over HTTP (tests/helpers/app-server.ts), for tests that
// kill it in the middle of a request, as a crash or a deploy would:
//   tsx --import ./scripts/allow-server-only.mjs tests/helpers/api-process.ts
// Prints its base URL on the first line of stdout, then serves until killed. It inherits the
// test's environment (DATABASE_URL: PostgreSQL only, PGlite is one process's).
import { startAppServer } from "./app-server";

const server = await startAppServer();
process.stdout.write(`${server.origin}\n`);
