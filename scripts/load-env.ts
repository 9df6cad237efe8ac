// Scripts read the same .env files as `next dev` / `next start`, so both agree on the database.
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd());
