import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { databaseTarget } from "@/lib/core/db/adapter";

const MISSING_SECRET = "Set BETTER_AUTH_SECRET (32+ random characters) to sign dashboard sessions";

/** Why a production server could not sign sessions with these settings, or null (checked at start: lib/surfaces/config/production-settings.ts). */
export function authSecretProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.BETTER_AUTH_SECRET?.trim()) return null;
  const target = databaseTarget(env);
  return target.kind === "pglite" && target.dataDir ? null : MISSING_SECRET;
}

/**
 * The key that signs session cookies. BETTER_AUTH_SECRET in any real deployment; on the embedded
 * quick start a random one is written once beside the database, so `npm start` needs no setup and
 * sessions survive restarts. Without either, production refuses to start rather than sign with a
 * known value (authSecretProblem, checked at start).
 */
export function authSecret(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.BETTER_AUTH_SECRET?.trim();
  if (configured) return configured;
  const target = databaseTarget(env);
  if (target.kind === "pglite" && target.dataDir) {
    const file = path.join(path.dirname(target.dataDir), "auth-secret");
    try {
      return fs.readFileSync(file, "utf8").trim();
    } catch {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const secret = randomBytes(32).toString("base64url");
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      return secret;
    }
  }
  if (env.NODE_ENV === "production") throw new Error(MISSING_SECRET);
  return "development-only secret: set BETTER_AUTH_SECRET outside development";
}
