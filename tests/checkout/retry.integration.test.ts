import { describe, expect, it } from "vitest";
import { newCheckoutToken } from "@/lib/features/checkout/checkout-session";
import { startLinkAttempt } from "@/lib/features/checkout/start-link-attempt";
import { db } from "@/lib/core/db/client";
import { decideSandboxRedirect } from "@/lib/features/deposits/decide-sandbox-redirect";
import { applyGatewayOutcome } from "@/lib/features/deposits/sync-deposit-with-gateway";
import { contractErrorOf } from "../helpers/contract-error";
import { sandboxAnswerDelayMs } from "@/lib/integrations/gateways/sandbox-simulator";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { call, ORIGIN } from "../helpers/api-client";
import { sandboxLinkSuite } from "../helpers/sandbox-link-suite";

// Issue 28: one decline does not kill the link. A failed attempt makes the link `failed` (the
// contract's transition, with payment_link.failed), but the link stays payable until expiresAt:
// a retry reopens it, a payment completes it once, and its expiry ends it (docs/decisions.md).

const suite = sandboxLinkSuite(28);
const { customer, newLink, readLink, balance } = suite;
const DECLINES = "+2250700000111";
const APPROVES = "+2250700000444";
const checkout = async (reference: string) => (await call("GET", `/test/api/checkout/${reference}`, { headers: customer() })).body;
const events = async (reference: string) =>
  (await db().webhookEvent.findMany({ where: { reference }, orderBy: { id: "asc" } })).map((e) => ({ type: e.type, body: JSON.parse(e.payload) }));
const start = (reference: string, body: Record<string, unknown>, headers: Record<string, string> = customer()) =>
  call("POST", `/test/api/checkout/${reference}/attempts`, { body: { country: "CI", ...body }, headers });

/** An attempt as the checkout route starts it, without the in-process answer timer: the test decides when the phone answers. */
function attempt(reference: string, customerPhone: string, options: { now?: Date; gatewayName?: string; token?: string } = {}) {
  return startLinkAttempt(db(), {
    reference,
    environment: "sandbox",
    gatewayName: options.gatewayName ?? "MTN_MOMO_CI",
    country: "CI",
    customerPhone,
    origin: ORIGIN,
    checkoutToken: options.token ?? newCheckoutToken(),
    now: options.now,
  });
}
/** The sandbox phone answers the DIRECT prompt of `started` (the due-work pass settles it). */
const phoneAnswers = (started: { createdAt: Date }) => runDueWork(db(), new Date(started.createdAt.getTime() + sandboxAnswerDelayMs() + 10_000));

describe("a declined attempt leaves the link payable", () => {
  it("declined, then paid on retry: failed then completed, both attempts shown, credited once", async () => {
    const link = await newLink();
    const declined = await attempt(link.reference, DECLINES);
    await phoneAnswers(declined);

    const failed = await readLink(link.reference);
    expect(failed).toMatchObject({ status: "failed", failureReason: "declined_by_customer" });
    expect(failed.attempts).toEqual([expect.objectContaining({ reference: declined.reference, status: "failed", failureReason: "declined_by_customer" })]);
    // The checkout (after a reload too: it is the server's state) shows the failure and may retry.
    expect(await checkout(link.reference)).toMatchObject({ status: "failed", payable: true, failureReason: "declined_by_customer", attempt: { status: "failed" } });

    // Another customer (no cookie) may retry: the declined attempt is final. The link reopens.
    const retry = await attempt(link.reference, APPROVES);
    expect((await readLink(link.reference)).status).toBe("pending");
    await phoneAnswers(retry);

    const paid = await readLink(link.reference);
    expect(paid).toMatchObject({ status: "completed", fees: 75, gatewayName: "MTN_MOMO_CI", failureReason: null, paidAfterExpiry: false });
    expect(paid.attempts.map((a: { reference: string; status: string }) => [a.reference, a.status])).toEqual([
      [declined.reference, "failed"],
      [retry.reference, "completed"],
    ]);
    expect((await db().paymentLink.findUniqueOrThrow({ where: { id: link.id } })).paidByDepositId).toBe(retry.id);
    // The merchant was told each step, in order, and the rule says only completed is final here.
    const sent = await events(link.reference);
    expect(sent.map((e) => [e.type, e.body.status])).toEqual([
      ["payment_link.failed", "failed"],
      ["payment_link.completed", "completed"],
    ]);
    expect(await balance()).toEqual([{ currency: "XOF", available: 5000, pending: 0 }]);
    expect(await db().ledgerEntry.count({ where: { reference: link.reference, kind: "link_completed" } })).toBeGreaterThan(0);
    expect((await checkout(link.reference)).payable).toBe(false);
  });

  it("through the checkout endpoints: a declined attempt, then a new one from the same page is accepted (it was refused before issue 28)", async () => {
    const link = await newLink();
    const first = await start(link.reference, { gatewayName: "MTN_MOMO_CI", customerPhone: DECLINES });
    expect(first.status).toBe(200);
    const cookie = first.headers.get("set-cookie")!.split(";")[0];
    const declined = await db().deposit.findFirstOrThrow({ where: { paymentLinkId: link.id } });
    await phoneAnswers(declined);
    expect((await checkout(link.reference)).status).toBe("failed");
    const again = await start(link.reference, { gatewayName: "ORANGE_MONEY_CI", customerPhone: APPROVES }, { ...customer(), cookie });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: "pending", payable: true, attempt: { paymentType: "OTP", status: "pending" } });
    const confirmed = await call("POST", `/test/api/checkout/${link.reference}/otp`, { body: { otp: "123456" }, headers: { ...customer(), cookie } });
    expect(confirmed.body.status).toBe("completed");
    expect((await events(link.reference)).map((e) => e.type)).toEqual(["payment_link.failed", "payment_link.completed"]);
  });

  it("an approval of the failed attempt reported later (before expiresAt) pays the link, not a refund due", async () => {
    const link = await newLink();
    const declined = await attempt(link.reference, DECLINES);
    await phoneAnswers(declined);
    const row = await db().deposit.findUniqueOrThrow({ where: { id: declined.id } });
    expect(row.status).toBe("failed");
    // The operator's statement says it went through after all (the reconciliation's case).
    const at = new Date(declined.createdAt.getTime() + 3_000);
    const paid = { amountMinor: row.amountMinor + row.feesMinor, currency: row.currency };
    await applyGatewayOutcome(db(), row, { status: "completed", at, ...paid }, new Date(declined.createdAt.getTime() + 60_000));
    expect(await db().deposit.findUniqueOrThrow({ where: { id: declined.id } })).toMatchObject({ status: "completed", refundDueReason: null });
    expect(await readLink(link.reference)).toMatchObject({ status: "completed" });
    expect((await events(link.reference)).map((e) => e.type)).toEqual(["payment_link.failed", "payment_link.completed"]);
    expect(await balance()).toEqual([{ currency: "XOF", available: 5000, pending: 0 }]);
  });
});

describe("a failed link and its expiry", () => {
  it("expires at expiresAt like a pending link: payment_link.expired, and no new attempt", async () => {
    const link = await newLink({ expiresIn: 30 });
    const declined = await attempt(link.reference, DECLINES);
    await phoneAnswers(declined);
    expect((await db().paymentLink.findUniqueOrThrow({ where: { id: link.id } })).status).toBe("failed");

    const after = new Date(link.expiresAt.getTime() + 1_000);
    const report = await runDueWork(db(), after);
    expect(report.linksExpired).toBe(1);
    expect(await db().paymentLink.findUniqueOrThrow({ where: { id: link.id } })).toMatchObject({ status: "expired", expiredAt: link.expiresAt });
    expect((await readLink(link.reference)).status).toBe("expired");
    expect((await events(link.reference)).map((e) => [e.type, e.body.status])).toEqual([
      ["payment_link.failed", "failed"],
      ["payment_link.expired", "expired"],
    ]);
    const refused = await attempt(link.reference, APPROVES, { now: after }).catch((error: unknown) => error);
    expect(contractErrorOf(refused).code).toBe(40020);
    expect((await checkout(link.reference)).payable).toBe(false);
  });

  it("reads expired from expiresAt even before the job records it", async () => {
    const link = await newLink();
    const declined = await attempt(link.reference, DECLINES);
    await phoneAnswers(declined);
    await db().paymentLink.update({ where: { id: link.id }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    expect((await readLink(link.reference)).status).toBe("expired");
    expect(await checkout(link.reference)).toMatchObject({ status: "expired", payable: false });
    const res = await start(link.reference, { gatewayName: "MTN_MOMO_CI", customerPhone: APPROVES });
    expect([res.status, res.body.error.code]).toEqual([400, 40020]);
  });
});

describe("races on a failed link", () => {
  it("two customers retry at once: one attempt starts, the other is told a payment is in progress", async () => {
    const link = await newLink();
    const declined = await attempt(link.reference, DECLINES);
    await phoneAnswers(declined);
    const answers = await Promise.all([
      start(link.reference, { gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000222" }),
      start(link.reference, { gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000223" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await db().deposit.count({ where: { paymentLinkId: link.id, status: "pending" } })).toBe(1);
    expect((await readLink(link.reference)).status).toBe("pending");
  });

  it("two retries approved at the same moment complete the link once; the other is a refund due", async () => {
    const link = await newLink();
    const declined = await attempt(link.reference, DECLINES);
    await phoneAnswers(declined);
    const token = newCheckoutToken();
    // The customer retries on the operator's page (REDIRECT), then switches to a push prompt.
    const redirect = await attempt(link.reference, APPROVES, { gatewayName: "WAVE_CI", token });
    const direct = await attempt(link.reference, APPROVES, { token });
    await Promise.all([decideSandboxRedirect(db(), { reference: redirect.reference, decision: "approve" }), phoneAnswers(direct)]);

    const rows = await db().deposit.findMany({ where: { id: { in: [redirect.id, direct.id] } } });
    expect(rows.map((r) => r.status)).toEqual(["completed", "completed"]);
    const paidBy = (await db().paymentLink.findUniqueOrThrow({ where: { id: link.id } })).paidByDepositId;
    expect([redirect.id, direct.id]).toContain(paidBy);
    expect(rows.find((r) => r.id !== paidBy)!.refundDueReason).toBe("link_already_paid");
    expect(rows.find((r) => r.id === paidBy)!.refundDueReason).toBeNull();
    expect((await events(link.reference)).map((e) => e.type)).toEqual(["payment_link.failed", "payment_link.completed"]);
    expect(await balance()).toEqual([{ currency: "XOF", available: 5000, pending: 0 }]);
  });
});
