import { describe, expect, it } from "vitest";
import { resolveHeldDeposit } from "@/lib/features/deposits/resolve-held-deposit";
import { db } from "@/lib/core/db/client";
import { applyGatewayOutcome } from "@/lib/features/deposits/sync-deposit-with-gateway";
import { transitionDeposit } from "@/lib/features/deposits/transition-deposit";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { ACCOUNTS } from "@/lib/features/ledger/accounts";
import { listOpenOutcomes } from "@/lib/features/reconciliation/list-open-outcomes";
import { call } from "../helpers/api-client";
import { validDeposit } from "../helpers/fixtures";
import { merchantCheckedAfterEach } from "../helpers/reconciled";
import { staffSession } from "../helpers/staff-session";
import { contractError } from "../helpers/contract-error";

// Issue 26, whatever the operator: an operator's answer is recorded by what it says, not by what
// we last believed. A success for other figures than ours completes nothing and is held for
// support; a success after a failure we recorded is credited, once. The operators' own awkward
// behaviour (Wave's open sessions, MTN's 500 after recording, Orange's unknown outcomes) is tested
// against their fakes in tests/operators/live-*-conformance.integration.test.ts.

const merchant = merchantCheckedAfterEach();

/** A sandbox DIRECT deposit whose simulated phone never answers: it waits for whatever a test says the operator answered. */
async function waitingDeposit() {
  const res = await call("POST", "/test/api/v4/classic/deposit/initiate", {
    key: merchant().sandboxKey,
    body: { ...validDeposit, customerPhone: "+2250700000222" },
  });
  expect(res.status).toBe(200);
  return db().deposit.findUniqueOrThrow({ where: { reference: res.body.reference } });
}
const row = (id: string) => db().deposit.findUniqueOrThrow({ where: { id } });
const eventTypes = async (reference: string) => (await db().webhookEvent.findMany({ where: { reference }, orderBy: { id: "asc" } })).map((e) => e.type);
const credited = async () =>
  (await db().ledgerEntry.aggregate({ where: { merchantId: merchant().id, account: ACCOUNTS.available }, _sum: { amountMinor: true } }))._sum.amountMinor ?? 0n;

describe("a success reported for other figures than ours", () => {
  it("completes nothing: the deposit is held for support with both figures, nothing credited, no webhook, no expiry", async () => {
    const deposit = await waitingDeposit();
    // An operator's status read says SUCCESSFUL for 1 XOF where the customer was to pay amount + fees.
    const held = await applyGatewayOutcome(db(), deposit, { status: "completed", amountMinor: 1n, currency: "XOF", operatorReference: "FT-1", said: "SUCCESSFUL" });
    expect(held).toMatchObject({ status: "pending", heldReason: "amount_mismatch", operatorAmountMinor: 1n, operatorCurrency: "XOF", operatorReference: "FT-1" });
    expect(held.operatorAnswer).toBe(`amount mismatch: operator 1 XOF, ours ${deposit.amountMinor + deposit.feesMinor} XOF`);
    expect(await credited()).toBe(0n);
    expect(await eventTypes(deposit.reference)).toEqual([]);
    // Another currency for the same digits is a mismatch too.
    const other = await waitingDeposit();
    expect((await applyGatewayOutcome(db(), other, { status: "completed", amountMinor: other.amountMinor + other.feesMinor, currency: "EUR" })).heldReason).toBe("amount_mismatch");

    // The sweep does not expire it, later answers do not move it: support decides.
    await runDueWork(db(), new Date(deposit.expiresAt.getTime() + 60_000), { parts: { settle: true, webhooks: false } });
    expect((await row(deposit.id)).status).toBe("pending");
    expect((await applyGatewayOutcome(db(), await row(deposit.id), { status: "completed", amountMinor: deposit.amountMinor + deposit.feesMinor, currency: "XOF" })).status).toBe("pending");
    // And support sees it in the open outcomes (live only: this one is a sandbox row, moved live for the listing).
    await db().deposit.update({ where: { id: deposit.id }, data: { environment: "live" } });
    const open = await listOpenOutcomes(db(), { merchantId: merchant().id });
    expect(open.find((o) => o.reference === deposit.reference)).toMatchObject({ state: "held", heldReason: "amount_mismatch", operatorFigures: "1 XOF", nextCheckAt: null });
    await db().deposit.update({ where: { id: deposit.id }, data: { environment: "sandbox" } });
    const staff = await staffSession("admin");
    await resolveHeldDeposit(db(), { staffId: staff.id, reference: other.reference, decision: "complete" });
    await resolveHeldDeposit(db(), { staffId: staff.id, reference: deposit.reference, decision: "fail" });
  });

  it("no transition moves it but support's own decision: completing, failing or expiring a held deposit changes nothing", async () => {
    const deposit = await waitingDeposit();
    await applyGatewayOutcome(db(), deposit, { status: "completed", amountMinor: 1n, currency: "XOF" });
    for (const to of ["expired", "failed", "completed"] as const) {
      expect(await transitionDeposit(db(), { id: deposit.id, to, at: deposit.expiresAt, failureReason: "expired" }), to).toBe(false);
    }
    expect(await row(deposit.id)).toMatchObject({ status: "pending", heldReason: "amount_mismatch", expiredAt: null, failedAt: null, completedAt: null });
    expect(await eventTypes(deposit.reference)).toEqual([]);
    expect(await credited()).toBe(0n);
    const staff = await staffSession("admin");
    expect(await resolveHeldDeposit(db(), { staffId: staff.id, reference: deposit.reference, decision: "complete" })).toMatchObject({ status: "completed", heldReason: null });
    expect(await eventTypes(deposit.reference)).toEqual(["deposit.completed"]);
  });

  it("support completes it from the operator's statement (credited, deposit.completed), or fails it and the operator's amount goes back to the customer", async () => {
    const staff = await staffSession("admin");
    const right = await waitingDeposit();
    await applyGatewayOutcome(db(), right, { status: "completed", amountMinor: 2n, currency: "XOF" });
    const completed = await resolveHeldDeposit(db(), { staffId: staff.id, reference: right.reference, decision: "complete", note: "statement shows 5075" });
    expect(completed).toMatchObject({ status: "completed", heldReason: null });
    expect(await credited()).toBe(right.amountMinor);
    expect(await eventTypes(right.reference)).toEqual(["deposit.completed"]);

    const wrong = await waitingDeposit();
    await applyGatewayOutcome(db(), wrong, { status: "completed", amountMinor: 300n, currency: "XOF" });
    const failed = await resolveHeldDeposit(db(), { staffId: staff.id, reference: wrong.reference, decision: "fail" });
    expect(failed).toMatchObject({ status: "failed", failureReason: "amount_mismatch", refundDueReason: "amount_mismatch", heldReason: null });
    expect(await credited()).toBe(right.amountMinor);
    const refund = await db().refund.findFirstOrThrow({ where: { depositId: wrong.id } });
    expect(refund).toMatchObject({ source: "refund_due", amountMinor: 300n, status: "pending", requestedBy: `support:${staff.id}` });
    await runDueWork(db(), new Date(refund.dueAt!.getTime() + 10), { parts: { settle: true, webhooks: false } });
    expect((await db().refund.findUniqueOrThrow({ where: { id: refund.id } })).status).toBe("completed");
    expect(await eventTypes(wrong.reference)).toEqual(["deposit.failed"]);

    // Decided once: a second decision is refused, audited decisions are kept.
    expect(await contractError(resolveHeldDeposit(db(), { staffId: staff.id, reference: wrong.reference, decision: "complete" }))).toMatchObject({ code: 40020, status: 409 });
    const audit = await db().auditEntry.findMany({ where: { targetId: { in: [right.id, wrong.id] } }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["deposit.hold_completed", "deposit.hold_failed"]);
  });
});

describe("a success after a failure we recorded", () => {
  it("is credited, once: the deposit completes (deposit.failed, then deposit.completed), a repeat changes nothing", async () => {
    const deposit = await waitingDeposit();
    await applyGatewayOutcome(db(), deposit, { status: "failed", reason: "insufficient_funds" });
    const failed = await row(deposit.id);
    expect(failed.status).toBe("failed");
    const late = await applyGatewayOutcome(db(), failed, { status: "completed", amountMinor: deposit.amountMinor + deposit.feesMinor, currency: "XOF", operatorReference: "T-9" });
    expect(late).toMatchObject({ status: "completed", failureReason: null, operatorReference: "T-9" });
    expect(late.failedAt).not.toBeNull();
    expect(await credited()).toBe(deposit.amountMinor);
    await applyGatewayOutcome(db(), failed, { status: "completed" });
    expect(await credited()).toBe(deposit.amountMinor);
    expect(await eventTypes(deposit.reference)).toEqual(["deposit.failed", "deposit.completed"]);
  });
});
