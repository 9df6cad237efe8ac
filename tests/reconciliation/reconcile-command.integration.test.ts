import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { pgliteAdapter } from "@/lib/core/db/adapter";
import { closeDb, db, setDb } from "@/lib/core/db/client";
import { sqlOverPGlite } from "@/lib/core/db/sql";
import { transitionDeposit } from "@/lib/features/deposits/transition-deposit";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { reconcile } from "@/lib/features/ledger/reconcile";
import { call } from "../helpers/api-client";
import { newMerchant } from "../helpers/fixtures";
import type { Recorded } from "../fakes/fake-http";
import { startOperatorFakes } from "../fakes/start-operator-fakes";

// Issue 26's done-criterion: `npm run reconcile` settles a database seeded with open outcomes
// against the operators' fakes, and running it twice changes nothing the second time. The command
// runs as a user runs it, in its own process, on the database this file seeds: on PGlite a data
// directory on disk (the test closes it first: one process at a time), on PostgreSQL the suite's.
//
// The open outcomes, one per way an outcome stays unknown:
// - an MTN deposit whose prompt the customer approved, not read since (pending at the operator);
// - an MTN deposit we expired while the prompt was still on the phone, approved after (a late success);
// - a Wave deposit we expired while its session stayed open (closing it failed), paid after (a late success);
// - an Orange payment whose answer was lost after Orange debited (an unknown outcome);
// - an MTN payout whose answer was lost after MTN made it;
// - an MTN refund whose answer was lost after MTN made it.

let fakes: Awaited<ReturnType<typeof startOperatorFakes>>;
let dataDir: string | null = null;
let env: Record<string, string>;
const saved = { ...process.env };
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  fakes = await startOperatorFakes();
  // The fakes answer at once; the bound is for a command process still loading its modules on a
  // busy machine, whose first reads at 1 s timed out together (CI 2026-12-03: all six left open).
  env = { ...fakes.env, MTN_MOMO_COUNTRIES: "CI", ORANGE_MONEY_COUNTRIES: "SN", WAVE_COUNTRIES: "CI", OPERATOR_TIMEOUT_MS: "10000" };
  Object.assign(process.env, env);
  if (!onPostgres) {
    // This file's database on disk, from the same migrated template as every file's, so the command can open it.
    dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pcs-reconcile-")), "pglite");
    await closeDb();
    openOnDisk(new PGlite(dataDir, { loadDataDir: new Blob([fs.readFileSync(inject("pgliteTemplate"))]) }));
  }
});
afterAll(async () => {
  process.env = saved;
  await fakes.close();
  if (dataDir) fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

function openOnDisk(pglite: PGlite) {
  setDb(new PrismaClient({ adapter: pgliteAdapter(pglite) }), () => pglite.close(), sqlOverPGlite(pglite));
}

/** `npm run reconcile -- --json`, in its own process, with the database given back afterwards. */
async function reconcileCommand() {
  if (dataDir) await closeDb();
  // Not spawnSync: the operators' fakes answer the command from this process's event loop.
  const result = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn("npm", ["run", "--silent", "reconcile", "--", "--json"], {
      // --no-deprecation: on Node 26 tsx's loader prints that module.register() is deprecated, which is not the command's.
      env: { ...process.env, ...env, LOG_LEVEL: "silent", NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --no-deprecation`.trim(), ...(dataDir ? { DATABASE_URL: "", PGLITE_DATA_DIR: dataDir } : {}) },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
  if (dataDir) openOnDisk(new PGlite(dataDir));
  // npm's own warnings about this machine's config are not the command's.
  expect(result.stderr.split("\n").filter((line) => line && !line.startsWith("npm warn"))).toEqual([]);
  return { status: result.status, report: JSON.parse(result.stdout) };
}

let merchant: Awaited<ReturnType<typeof newMerchant>>;
const live = (method: string, path: string, body?: unknown) => call(method, path, { key: merchant.liveKey, body });
const deposit = (reference: string) => db().deposit.findUniqueOrThrow({ where: { reference } });
let n = 0;
const mtnPhone = (customer: "approve" | "never_answers") => {
  const msisdn = `22507${String(Date.now() % 1e6).padStart(6, "0")}${String(++n).padStart(2, "0")}`;
  fakes.mtn.script(msisdn, { customer, callback: "none" });
  return `+${msisdn}`;
};

/** What the books and the states say of this merchant: what a second run must leave as it is. */
async function snapshot() {
  const [deposits, transfers, refunds, entries, events] = await Promise.all([
    db().deposit.findMany({ where: { merchantId: merchant.id }, orderBy: { id: "asc" }, select: { reference: true, status: true, completedAt: true, followUntil: true, heldReason: true } }),
    db().transfer.findMany({ where: { merchantId: merchant.id }, orderBy: { id: "asc" }, select: { reference: true, status: true, sendAttempts: true } }),
    db().refund.findMany({ where: { merchantId: merchant.id }, orderBy: { id: "asc" }, select: { reference: true, status: true, sendAttempts: true } }),
    db().ledgerEntry.count({ where: { merchantId: merchant.id } }),
    db().webhookEvent.count({ where: { merchantId: merchant.id } }),
  ]);
  return { deposits, transfers, refunds, entries, events };
}

describe("npm run reconcile", () => {
  it("settles every open outcome at its operator, once; a second run changes nothing", async () => {
    merchant = await newMerchant();

    // MTN, pending at the operator: approved on the phone, nobody asked since.
    const pendingThere = await live("POST", "/api/v4/classic/deposit/initiate", { amount: 5000, currency: "XOF", customerPhone: mtnPhone("approve"), country: "CI", gatewayName: "MTN_MOMO_CI" });
    expect([pendingThere.status, pendingThere.body.status]).toEqual([200, "pending"]);

    // MTN, ended here while the prompt was still on the phone; approved after our expiry.
    const late = await live("POST", "/api/v4/classic/deposit/initiate", { amount: 3000, currency: "XOF", customerPhone: mtnPhone("never_answers"), country: "CI", gatewayName: "MTN_MOMO_CI" });
    const lateRow = await deposit(late.body.reference);
    await runDueWork(db(), new Date(lateRow.expiresAt.getTime() + 1000));
    expect((await deposit(late.body.reference)).status).toBe("expired");
    fakes.mtn.transactions.get(lateRow.operatorRequestId!)!.outcome = { status: "SUCCESSFUL" };

    // Wave, ended here while the session stayed open (the close failed), then paid in the Wave app.
    const wave = await live("POST", "/api/v4/classic/deposit/initiate", { amount: 4000, currency: "XOF", customerPhone: "+2250700000444", country: "CI", gatewayName: "WAVE_CI", returnUrl: "https://shop.example/back" });
    expect(wave.status).toBe(200);
    const waveRow = await deposit(wave.body.reference);
    // Expired as our sweep does it, the close at Wave not made yet (Wave did not answer it).
    await transitionDeposit(db(), { id: waveRow.id, to: "expired", at: waveRow.expiresAt, extra: { nextCheckAt: new Date() } });
    const waveEnded = await deposit(wave.body.reference);
    expect([waveEnded.status, waveEnded.followUntil === null]).toEqual(["expired", false]);
    await fakes.wave.pay(waveRow.operatorRequestId!, { delivery: "none" });

    // Orange: Orange debited the customer, its answer was lost.
    const msisdn = `77${String(Date.now() % 1e7).padStart(7, "0")}`;
    fakes.orange.script(msisdn, "approve");
    const invoice = await live("POST", "/api/v4/validation/deposit/generate-invoice", { amount: 2000, currency: "XOF", customerPhone: `+221${msisdn}`, country: "SN", gatewayName: "ORANGE_MONEY_SN" });
    fakes.orange.failNext({ process: true, status: 500 });
    const confirmed = await live("POST", "/api/v4/validation/deposit/confirm", { trxReference: invoice.body.reference, otp: fakes.orange.generateOtp(msisdn) });
    expect([confirmed.status, confirmed.body.status]).toEqual([200, "pending"]);

    // Funds for a payout and a refund: the pending MTN deposit's approval, read now.
    await db().deposit.update({ where: { reference: pendingThere.body.reference }, data: { nextCheckAt: new Date() } });
    const funded = await live("GET", `/api/v4/deposits/${pendingThere.body.reference}`);
    expect(funded.body.status).toBe("completed");
    const stillPending = await live("POST", "/api/v4/classic/deposit/initiate", { amount: 1500, currency: "XOF", customerPhone: mtnPhone("approve"), country: "CI", gatewayName: "MTN_MOMO_CI" });

    // An MTN payout whose answer was lost after MTN made it.
    fakes.mtn.failNext({ process: true, status: 500 });
    const payout = await live("POST", "/api/v4/transfers/instant", { amount: 1000, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: "+2250700000444", country: "CI" });
    expect([payout.status, payout.body.status]).toEqual([200, "pending"]);
    // An MTN refund of the first payment whose answer was lost after MTN made it.
    fakes.mtn.failNext({ process: true, status: 500 });
    const refund = await live("POST", "/api/v4/refunds", { paymentReference: pendingThere.body.reference, amount: 500 });
    expect([refund.status, refund.body.status]).toEqual([200, "pending"]);

    // On PostgreSQL the command also reads other files' open outcomes (the suite shares the
    // database) and may call this file's fakes for them: only calls that name one of this test's
    // operator ids count (a resend of our payout or refund carries its id in X-Reference-Id).
    const ourIds = [
      ...(await db().deposit.findMany({ where: { merchantId: merchant.id } })).map((d) => d.operatorRequestId),
      (await db().transfer.findUniqueOrThrow({ where: { reference: payout.body.reference } })).operatorRequestId,
      (await db().refund.findUniqueOrThrow({ where: { reference: refund.body.reference } })).operatorRequestId,
    ].filter((id): id is string => Boolean(id));
    const concernsUs = (r: Recorded) => ourIds.some((id) => r.path.includes(id) || r.body.includes(id) || r.headers["x-reference-id"] === id);
    const operatorPosts = () =>
      [fakes.mtn, fakes.wave, fakes.orange].flatMap((f) => f.received.filter((r) => r.method === "POST" && !/token/.test(r.path) && concernsUs(r)));
    const postsBefore = operatorPosts();

    const first = await reconcileCommand();
    expect(first.status).toBe(0);
    expect(first.report.ok).toBe(true);
    const open = (first.report.open as { reference: string }[]).filter((o) => o.reference.startsWith("DEP_") || o.reference.startsWith("TRF_") || o.reference.startsWith("RFD_"));
    const ours = new Set([...(await db().deposit.findMany({ where: { merchantId: merchant.id } })).map((d) => d.reference), payout.body.reference, refund.body.reference]);
    expect(open.filter((o) => ours.has(o.reference)).map((o) => JSON.stringify(o))).toEqual([]);

    expect((await deposit(stillPending.body.reference)).status).toBe("completed");
    expect(await deposit(late.body.reference)).toMatchObject({ status: "completed", followUntil: null });
    expect(await deposit(wave.body.reference)).toMatchObject({ status: "completed", followUntil: null });
    expect((await deposit(invoice.body.reference)).status).toBe("completed");
    expect((await db().transfer.findUniqueOrThrow({ where: { reference: payout.body.reference } })).status).toBe("completed");
    expect((await db().refund.findUniqueOrThrow({ where: { reference: refund.body.reference } })).status).toBe("completed");
    // Nothing was sent twice: the payout and the refund were looked up, not made again; only Wave's session was closed.
    const sent = operatorPosts().filter((r) => !postsBefore.includes(r));
    expect(sent.map((r) => r.path)).toEqual([`/v1/checkout/sessions/${waveRow.operatorRequestId}/expire`]);
    expect(await reconcile(db(), { merchantId: merchant.id })).toEqual([]);

    const before = await snapshot();
    const second = await reconcileCommand();
    expect(second.status).toBe(0);
    expect(second.report.pass).toMatchObject({ depositsSettled: 0, transfersSettled: 0, refundsSettled: 0 });
    expect(await snapshot()).toEqual(before);
    expect(operatorPosts().length).toBe(postsBefore.length + 1);
  }, 180_000);
});
