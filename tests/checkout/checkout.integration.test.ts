import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { call } from "../helpers/api-client";
import { newMerchant, validLink, waitForSandboxAnswer } from "../helpers/fixtures";
import { expectLedgerBalanced } from "../helpers/ledger-invariant";
import { expectReconciled } from "../helpers/reconciled";

// Whatever the scenario, the ledger stays balanced.
afterEach(expectLedgerBalanced);

let merchant: Awaited<ReturnType<typeof newMerchant>>;
let ip = 0;

beforeAll(async () => {
  merchant = await newMerchant();
});

// Each test is its own customer, so the per-address limits stay out of the way.
const customer = () => ({ "x-forwarded-for": `10.0.${Math.floor(++ip / 250)}.${ip % 250}` });

async function newLink(extra: Record<string, unknown> = {}) {
  const res = await call("POST", "/test/api/v4/payments/link", {
    key: merchant.sandboxKey,
    body: { ...validLink, returnUrl: "https://shop.example/done", ...extra },
  });
  return res.body.reference as string;
}

const start = (reference: string, body: Record<string, unknown>, headers: Record<string, string> = customer()) =>
  call("POST", `/test/api/checkout/${reference}/attempts`, { body: { country: "CI", ...body }, headers });
const state = (reference: string, prefix = "/test", cookie?: string) =>
  call("GET", `${prefix}/api/checkout/${reference}`, { headers: { ...customer(), ...(cookie ? { cookie } : {}) } });
const otp = (reference: string, code: string, cookie?: string) =>
  call("POST", `/test/api/checkout/${reference}/otp`, { body: { otp: code }, headers: { ...customer(), ...(cookie ? { cookie } : {}) } });
const cookieOf = (res: { headers: Headers }) => res.headers.get("set-cookie")!.split(";")[0];
const readLink = async (reference: string) =>
  (await call("GET", `/test/api/v4/payments/link/${reference}`, { key: merchant.sandboxKey })).body;

describe("paying a link from the checkout", () => {
  it("a DIRECT approval completes the link with its fees and gateway", async () => {
    const reference = await newLink();
    const started = await start(reference, { gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000444" });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ attempt: { paymentType: "DIRECT", gatewayName: "MTN_MOMO_CI" } });
    await waitForSandboxAnswer(reference);
    const after = await state(reference);
    expect(after.body).toMatchObject({ status: "completed", attempt: { status: "completed" } });
    expect(after.body.returnUrl).toBe(`https://shop.example/done?reference=${reference}&status=completed`);
    const link = await readLink(reference);
    expect(link).toMatchObject({ status: "completed", fees: 75, gatewayName: "MTN_MOMO_CI" });
    expect(link.completedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });

  it("a declined attempt fails the link, which stays payable: a new attempt reopens it (issue 28)", async () => {
    const reference = await newLink();
    await start(reference, { gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000111" });
    await waitForSandboxAnswer(reference);
    expect((await state(reference)).body).toMatchObject({ status: "failed", failureReason: "declined_by_customer", payable: true });
    expect((await readLink(reference)).status).toBe("failed");
    const again = await start(reference, { gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000444" });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: "pending", attempt: { status: "pending" } });
  });

  it("OTP: a wrong code shows the tries left, the right one completes the link", async () => {
    const reference = await newLink();
    const started = await start(reference, { gatewayName: "ORANGE_MONEY_CI", customerPhone: "+2250700000444" });
    expect(started.body.attempt).toMatchObject({ paymentType: "OTP", triesLeft: 5 });
    const wrong = await otp(reference, "000000", cookieOf(started));
    expect(wrong.body.error.code).toBe(40019);
    expect((await state(reference, "/test", cookieOf(started))).body.attempt.triesLeft).toBe(4);
    // Only the customer's checkout may type the code: a stranger cannot spend its tries.
    const stranger = await otp(reference, "000000");
    expect([stranger.status, stranger.body.error.code]).toEqual([409, 40020]);
    expect((await state(reference, "/test", cookieOf(started))).body.attempt.triesLeft).toBe(4);
    const right = await otp(reference, "123456", cookieOf(started));
    expect(right.status).toBe(200);
    expect(right.body.status).toBe("completed");
    expect((await readLink(reference)).status).toBe("completed");
  });

  it("refuses attempts on an expired link, and reads it as expired", async () => {
    const reference = await newLink({ expiresIn: 5 });
    await db().paymentLink.update({ where: { reference }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await state(reference)).body.status).toBe("expired");
    const res = await start(reference, { gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000444" });
    expect(res.body.error.code).toBe(40020);
  });

  it("an attempt never outlives its link", async () => {
    const reference = await newLink({ expiresIn: 60 });
    const started = await start(reference, { gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000222" });
    const link = await db().paymentLink.findUniqueOrThrow({ where: { reference } });
    expect(Date.parse(started.body.attempt.expiresAt)).toBe(link.expiresAt.getTime());
  });

  it("refuses a gateway that does not take the link's currency or country", async () => {
    const reference = await newLink({ currency: "EUR", amount: 100 });
    const res = await start(reference, { gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000444" });
    expect(res.body.error.code).toBe(40012);
    const ok = await start(reference, { gatewayName: "CARD", customerPhone: "+2250700000444" });
    expect(ok.body.attempt.url).toContain("/test/sandbox/operator/");
  });

  it("serves a link only in its own environment", async () => {
    const reference = await newLink();
    expect((await state(reference, "")).status).toBe(404);
    expect((await state("LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K")).status).toBe(404);
  });

  it("many racing attempts of one checkout leave one live attempt and complete the link once", async () => {
    const reference = await newLink();
    const first = await start(reference, { gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000444" });
    const cookie = first.headers.get("set-cookie")!.split(";")[0];
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        start(reference, { gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000444" }, { ...customer(), cookie }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const link = await db().paymentLink.findUniqueOrThrow({ where: { reference } });
    // One live attempt: still pending, or already answered when the machine is slow (the simulated
    // phone answers after SANDBOX_DIRECT_ANSWER_MS); never one per racing request. The others are
    // superseded (the sandbox's phone dismisses their prompts).
    expect(
      await db().deposit.count({ where: { paymentLinkId: link.id, supersededAt: null, status: { in: ["pending", "completed"] } } }),
    ).toBe(1);
    // The simulated phone answers after SANDBOX_DIRECT_ANSWER_MS; nine racing requests on a loaded
    // database can push the live attempt's timer past a fixed wait.
    await expect.poll(async () => (await state(reference)).body.status, { timeout: 15_000, interval: 250 }).toBe("completed");
    // The phone dismisses prompts replaced before it answered. On a loaded machine it may have
    // approved one just before its replacement: then the first approval pays the link and any
    // other is a refund to make; never two payments, never an approval dropped.
    const completed = await db().deposit.findMany({ where: { paymentLinkId: link.id, status: "completed" } });
    const paid = await db().paymentLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(completed.filter((d) => d.refundDueReason === null).map((d) => d.id)).toEqual([paid.paidByDepositId]);
    await expectReconciled(merchant.id);
  });

  it("limits the attempts of the checkout holding the link's attempt, from any address, with the 429 envelope and headers", async () => {
    const reference = await newLink();
    const first = await start(reference, { gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000222" });
    // A stranger's posts spend only its own address's allowance (tests/checkout/limits.integration.test.ts).
    const cookie = cookieOf(first);
    let last;
    for (let i = 0; i < 21; i++) last = await start(reference, { gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000222" }, { ...customer(), cookie });
    expect(last!.status).toBe(429);
    expect(last!.body.error.code).toBe(42900);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last!.headers.get("ratelimit-limit")).toBe("20");
  });
});
