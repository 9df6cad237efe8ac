// The migration that moved support staff onto better-auth, run on a database that still has Staff,
// StaffSession and audit rows, then used through the app: migrated accounts sign in at /admin.
import { PGlite } from "@electric-sql/pglite";
import { PrismaClient } from "@prisma/client";
import { hashPassword } from "better-auth/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { pgliteAdapter } from "@/lib/core/db/adapter";
import { db, setDb } from "@/lib/core/db/client";
import { committedMigrations } from "@/lib/core/db/migrate";
import { sqlOverPGlite } from "@/lib/core/db/sql";
import { call } from "../helpers/api-client";

const MIGRATION = "20261124500000_staff_on_better_auth";
// Written by the former lib/features/admin/passwords.ts for "correct horse battery".
const OLD_HASH =
  "scrypt$16384$8$1$oAf3CebUYbD6I131CjIwgQ==$yGRyd51LYHqknvmlvEK/L9NkP9i4zucsyfI6ZcNJcUcrgeJ4aM10JomRW0yTcEJDYNwvQu3p3ovoFgvaz1XNOg==";

// Its own in-memory database, whatever the run's: the rows it needs exist only before the migration.
describe.skipIf(Boolean(process.env.DATABASE_URL))("migrating Staff into better-auth users", () => {
  beforeAll(async () => {
    const pglite = new PGlite();
    const migrations = committedMigrations();
    const at = migrations.findIndex((m) => m.name === MIGRATION);
    expect(at).toBeGreaterThan(0);
    for (const { sql } of migrations.slice(0, at)) await pglite.exec(sql);
    await pglite.query(
      `INSERT INTO "Staff" (id, email, "passwordHash", role, "mustChangePassword") VALUES
        ('stf_OLDADMIN', 'old-admin@support.example', $1, 'admin', false),
        ('stf_OLDOTP', 'old-otp@support.example', $1, 'support', true),
        ('stf_BOTH', 'both@example.com', $1, 'support', false)`,
      [OLD_HASH],
    );
    await pglite.exec(`INSERT INTO "StaffSession" (id, "staffId", "tokenHash", "csrfToken", "expiresAt") VALUES ('ses_1', 'stf_OLDADMIN', 'h', 'c', now() + interval '1 hour')`);
    await pglite.exec(`INSERT INTO "AuditEntry" (id, "staffId", action, "targetType", "targetId") VALUES
      ('aud_1', 'stf_OLDADMIN', 'api_key.created', 'merchant', 'mer_1'), ('aud_2', 'stf_BOTH', 'api_key.revoked', 'merchant', 'mer_2')`);
    // A dashboard user with the e-mail of a staff member: after the migration, one person, one account.
    await pglite.query(`INSERT INTO "User" (id, name, email, "emailVerified") VALUES ('usr_BOTH', 'Both', 'both@example.com', true)`);
    await pglite.query(`INSERT INTO "Account" (id, "accountId", "providerId", "userId", password, "updatedAt") VALUES ('acc_BOTH', 'usr_BOTH', 'credential', 'usr_BOTH', $1, now())`, [
      await hashPassword("the dashboard password"),
    ]);
    await pglite.exec(migrations[at].sql);
    for (const { sql } of migrations.slice(at + 1)) await pglite.exec(sql);
    setDb(new PrismaClient({ adapter: pgliteAdapter(pglite) }), () => pglite.close(), sqlOverPGlite(pglite));
  });

  const signIn = (email: string, password: string, n: number) =>
    call("POST", "/admin/api/session", { body: { email, password }, headers: { "x-forwarded-for": `198.18.9.${n}` } });

  it("keeps ids, roles and the one-time flag, and drops the staff tables", async () => {
    const users = await db().user.findMany({ where: { staffRole: { not: null } }, orderBy: { id: "asc" } });
    expect(users.map((u) => [u.id, u.email, u.staffRole, u.mustChangePassword, u.emailVerified])).toEqual([
      ["stf_OLDADMIN", "old-admin@support.example", "admin", false, true],
      ["stf_OLDOTP", "old-otp@support.example", "support", true, true],
      ["usr_BOTH", "both@example.com", "support", false, true],
    ]);
    const tables = await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM information_schema.tables WHERE table_name IN ('Staff', 'StaffSession')`;
    expect(Number(tables[0].n)).toBe(0);
    expect(await db().auditEntry.findMany({ orderBy: { id: "asc" }, select: { id: true, staffId: true } })).toEqual([
      { id: "aud_1", staffId: "stf_OLDADMIN" },
      { id: "aud_2", staffId: "usr_BOTH" },
    ]);
  });

  it("a migrated account signs in with its old password; the audit log still names it", async () => {
    const res = await signIn("old-admin@support.example", "correct horse battery", 1);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ email: "old-admin@support.example", role: "admin", mustChangePassword: false });
    const cookie = res.headers.get("set-cookie")!.split(";")[0];
    const audit = await call("GET", "/admin/api/audit", { headers: { cookie } });
    expect(audit.body.items.map((e: { id: string; staff: string }) => [e.id, e.staff]).sort()).toEqual([
      ["aud_1", "old-admin@support.example"],
      ["aud_2", "both@example.com"],
    ]);
  });

  it("a one-time password migrated unchanged still has to be replaced", async () => {
    const res = await signIn("old-otp@support.example", "correct horse battery", 2);
    expect(res.body.mustChangePassword).toBe(true);
    const cookie = res.headers.get("set-cookie")!.split(";")[0];
    expect((await call("GET", "/admin/api/links", { headers: { cookie } })).status).toBe(403);
  });

  it("a staff member who already was a dashboard user signs in with that user's password", async () => {
    expect((await signIn("both@example.com", "correct horse battery", 3)).status).toBe(401);
    const res = await signIn("both@example.com", "the dashboard password", 4);
    expect([res.status, res.body.role]).toEqual([200, "support"]);
  });
});
