import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { databaseTarget } from "@/lib/db/adapter";

/**
 * The key that signs session cookies. BETTER_AUTH_SECRET in any real deployment; on the embedded
 * quick start a random one is written once beside the database, so `npm start` needs no setup and
 * sessions survive restarts. Without either, production refuses to start rather than sign with a
 * known value.
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
  if (env.NODE_ENV === "production") throw new Error("Set BETTER_AUTH_SECRET (32+ random characters) to sign dashboard sessions");
  return "development-only secret: set BETTER_AUTH_SECRET outside development";
}
