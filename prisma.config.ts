import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "prisma/config";

// This project runs Prisma without its native engines (they cannot be downloaded on locked-down
// machines): the client uses engineType "client" and migrations run on the bundled WASM schema
// engine over a driver adapter. The CLI still checks that engine files exist before every
// command, so point it at a placeholder when nothing else was configured.
const placeholder = path.join(os.tmpdir(), "prisma-engine-placeholder");
if (!fs.existsSync(placeholder)) fs.writeFileSync(placeholder, "");
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= placeholder;
process.env.PRISMA_QUERY_ENGINE_LIBRARY ??= placeholder;
// The schema must name a datasource URL even though every connection goes through the adapter.
process.env.PRISMA_SCHEMA_URL ||= process.env.DATABASE_URL || "postgresql://embedded-pglite/unused";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations"), seed: "tsx prisma/seed.ts" },
  // Opens the database only while a command runs statements, so no command hangs (lib/core/db/cli-adapter.ts).
  async adapter() {
    const { createCliAdapter } = await import("./lib/core/db/cli-adapter");
    return createCliAdapter();
  },
});
