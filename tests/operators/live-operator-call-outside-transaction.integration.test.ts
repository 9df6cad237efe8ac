import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { syncDepositWithGateway } from "@/lib/features/deposits/sync-deposit-with-gateway";
import { call } from "../helpers/api-client";
import { availableBalance } from "../helpers/fund-merchant";
import { validLink } from "../helpers/fixtures";
import { merchantCheckedAfterEach } from "../helpers/reconciled";
import { startMtnMomoFake, type MtnMomoFake } from "../fakes/mtn-momo-fake";
import { mtnMomoFakeEnv } from "../fakes/start-operator-fakes";

// Issue 15: an operator may take up to OPERATOR_TIMEOUT_MS (10 s) to answer. The checkout's call
// runs after the attempt is committed, not under the link's row lock in the checkout transaction
// (which Prisma would end after 5 s, rolling back a deposit the operator had received); the API's
// idempotent create keeps the call in its transaction, which then lasts as long as the calls may.

let fake: MtnMomoFake;
const saved = { ...process.env };
const SLOW_MS = 6_000;

beforeAll(async () => {
  fake = await startMtnMomoFake();
  for (const name of Object.keys(process.env)) if (name.startsWith("WAVE_") || name.startsWith("ORANGE_MONEY_")) delete process.env[name];
  Object.assign(process.env, mtnMomoFakeEnv(fake), { MTN_MOMO_COUNTRIES: "CI", OPERATOR_TIMEOUT_MS: "10000" });
});
afterAll(async () => {
  process.env = saved;
  await fake.close();
});

const merchant = merchantCheckedAfterEach();

let phones = 0;
function customer(behaviour: "never_answers" | "approve" | "decline" = "never_answers") {
  const msisdn = `225072${String(Date.now() % 1e5).padStart(5, "0")}${String(++phones).padStart(2, "0")}`;
  fake.script(msisdn, { customer: behaviour, callback: "none" });
  return `+${msisdn}`;
}
const liveLink = async () => (await call("POST", "/api/v4/payments/link", { key: merchant().liveKey, body: validLink })).body.reference as string;
const attempt = (reference: string, headers: Record<string, string>) =>
  call("POST", `/api/checkout/${reference}/attempts`, { body: { country: "CI", gatewayName: "MTN_MOMO_CI", customerPhone: customer() }, headers });
const attempts = (reference: string) => db().deposit.findMany({ where: { paymentLink: { reference } }, orderBy: { createdAt: "asc" } });

describe("the operator call of a live payment", () => {
  it("a checkout attempt MTN answers after 6 s is kept; meanwhile the link is not locked: another checkout gets 409 at once", async () => {
    const reference = await liveLink();
    fake.failNext({ delayMs: SLOW_MS, process: true });
    const started = Date.now();
    const slow = attempt(reference, { "x-forwarded-for": "10.79.0.1" });
    // The attempt is committed before MTN is called: another customer's checkout sees it at once.
    await expect.poll(() => attempts(reference).then((rows) => rows.length), { timeout: 3_000, interval: 50 }).toBe(1);
    const other = await attempt(reference, { "x-forwarded-for": "10.79.0.2" });
    expect([other.status, other.body.error?.code]).toEqual([409, 40020]);
    expect(Date.now() - started).toBeLessThan(SLOW_MS);

    const res = await slow;
    expect(res.status).toBe(200);
    expect(res.body.attempt).toMatchObject({ paymentType: "DIRECT", status: "pending" });
    const [row] = await attempts(reference);
    expect(fake.transactions.get(row.operatorRequestId!)?.body.externalId).toBe(row.reference);
  }, 20_000);

  it("an attempt MTN refuses leaves nothing, and the attempt it was replacing is live again", async () => {
    const reference = await liveLink();
    const headers = { "x-forwarded-for": "10.79.0.3" };
    const first = await attempt(reference, headers);
    expect(first.status).toBe(200);
    const cookie = first.headers.get("set-cookie")!.split(";")[0];
    fake.failNext({ status: 400 });
    const refused = await attempt(reference, { ...headers, cookie });
    expect([refused.status, refused.body.error?.code]).toEqual([502, 50200]);
    const rows = await attempts(reference);
    expect(rows.map((r) => [r.status, r.supersededAt])).toEqual([["pending", null]]);
    const state = await call("GET", `/api/checkout/${reference}`, { headers: { ...headers, cookie } });
    expect(state.body.attempt).toMatchObject({ reference: rows[0].reference, status: "pending" });
  });

  it("a retry of a failed link that MTN refuses leaves the link failed, as its last attempt left it (issue 28)", async () => {
    const reference = await liveLink();
    const headers = { "x-forwarded-for": "10.79.0.4" };
    const declined = await call("POST", `/api/checkout/${reference}/attempts`, { body: { country: "CI", gatewayName: "MTN_MOMO_CI", customerPhone: customer("decline") }, headers });
    expect(declined.status).toBe(200);
    const [row] = await attempts(reference);
    expect((await syncDepositWithGateway(db(), row, new Date(Date.now() + 5_000))).status).toBe("failed");
    expect((await db().paymentLink.findUniqueOrThrow({ where: { reference } })).status).toBe("failed");
    fake.failNext({ status: 400 });
    const refused = await attempt(reference, headers);
    expect([refused.status, refused.body.error?.code]).toEqual([502, 50200]);
    expect((await attempts(reference)).map((r) => r.status)).toEqual(["failed"]);
    expect((await db().paymentLink.findUniqueOrThrow({ where: { reference } })).status).toBe("failed");
    // And the link is still payable: the next try goes through.
    expect((await attempt(reference, headers)).status).toBe(200);
    expect((await db().paymentLink.findUniqueOrThrow({ where: { reference } })).status).toBe("pending");
  });

  it("an API deposit with an Idempotency-Key MTN answers after 6 s is created once, and replayed", async () => {
    const body = { amount: 5000, currency: "XOF", customerPhone: customer(), country: "CI", gatewayName: "MTN_MOMO_CI" };
    const headers = { "idempotency-key": `slow-${Date.now()}` };
    fake.failNext({ delayMs: SLOW_MS, process: true });
    const res = await call("POST", "/api/v4/classic/deposit/initiate", { key: merchant().liveKey, body, headers });
    expect([res.status, res.body.status]).toEqual([200, "pending"]);
    const row = await db().deposit.findUniqueOrThrow({ where: { reference: res.body.reference } });
    expect(fake.transactions.get(row.operatorRequestId!)?.body.externalId).toBe(row.reference);
    const replay = await call("POST", "/api/v4/classic/deposit/initiate", { key: merchant().liveKey, body, headers });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.reference).toBe(res.body.reference);
    expect(await db().deposit.count({ where: { merchantId: merchant().id } })).toBe(1);
  }, 20_000);

  it("a live payout MTN answers after 6 s is kept with its funds held, not rolled back with a payout MTN received", async () => {
    const paid = await call("POST", "/api/v4/classic/deposit/initiate", {
      key: merchant().liveKey,
      body: { amount: 5000, currency: "XOF", customerPhone: customer("approve"), country: "CI", gatewayName: "MTN_MOMO_CI" },
    });
    // This deposit's status read, as the sweep makes it: a whole runDueWork pass would also work on
    // every other test's due rows in PostgreSQL's shared database (and wait on their receivers).
    const deposit = await db().deposit.findUniqueOrThrow({ where: { reference: paid.body.reference } });
    expect((await syncDepositWithGateway(db(), deposit, new Date(Date.now() + 5_000))).status).toBe("completed");
    const before = await availableBalance(merchant().liveKey);

    // The payout's status read (MTN does not know it yet) answers at once; the transfer itself late.
    fake.failNext({ delayMs: 0, process: true });
    fake.failNext({ delayMs: SLOW_MS, process: true });
    const sent = await call("POST", "/api/v4/transfers/instant", {
      key: merchant().liveKey,
      body: { amount: 1000, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: customer("approve"), country: "CI" },
    });
    expect([sent.status, sent.body.status]).toEqual([200, "pending"]);
    const transfer = await db().transfer.findUniqueOrThrow({ where: { reference: sent.body.reference } });
    expect(fake.transactions.get(transfer.operatorRequestId!)?.product).toBe("disbursement");
    expect(await availableBalance(merchant().liveKey)).toBe(before - Number(transfer.amountMinor + transfer.feesMinor));
  }, 20_000);
});
