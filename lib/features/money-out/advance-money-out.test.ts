import { describe, expect, it } from "vitest";
import type { GatewayOutcome, MoneyOutAdapter, MoneyOutForGateway } from "@/lib/integrations/gateways/adapter";
import { OperatorNotSentError, OperatorRejectedError, OperatorUnavailableError, OperatorUnknownOutcomeError } from "@/lib/integrations/gateways/operators/operator-errors";
import { OPERATOR_FOLLOW_MS } from "@/lib/core/domain/operator-polling";
import { advanceMoneyOut, type MoneyOutHooks, type MoneyOutStep } from "./advance-money-out";
import { planAfterStep, UNRESOLVED_READ_EVERY_MS } from "./plan-after-step";

// The rules that keep a payout or a refund from being paid twice or released while the operator
// may have paid, against an operator whose answers each test scripts (the seam's contract; the
// operators' own behaviour is tested against their fakes in tests/).

const created = new Date("2026-11-25T10:00:00Z");
const at = (ms: number) => new Date(created.getTime() + ms);
const item = (operatorSentAt: Date | null = null): MoneyOutForGateway => ({
  reference: "TRF_01JD3Z8M6X5V4T3R2Q1P0N9M8K",
  operatorRequestId: "TRF_01JD3Z8M6X5V4T3R2Q1P0N9M8K",
  amountMinor: 1000n,
  currency: "XOF",
  phone: "+2250700000444",
  createdAt: created,
  operatorSentAt,
});

type Script = { status?: () => GatewayOutcome | "not_found" | "unreadable"; send?: () => { operatorRequestId?: string; outcome?: GatewayOutcome } };

function operator(script: Script) {
  const calls: string[] = [];
  const adapter: MoneyOutAdapter = {
    method: () => "payout",
    newRequestId: ({ reference }) => reference,
    notFoundGraceMs: 60_000,
    async status() {
      calls.push("status");
      if (!script.status) throw new Error("status not scripted");
      return script.status();
    },
    async send() {
      calls.push("send");
      if (!script.send) throw new Error("send not scripted");
      return script.send();
    },
  };
  const recorded: string[] = [];
  const hooks: MoneyOutHooks = {
    beforeSend: async (when) => void recorded.push(`sent at ${when.toISOString()}`),
    notSent: async (previous) => void recorded.push(`not sent, back to ${previous?.toISOString() ?? "never"}`),
  };
  return { adapter, hooks, calls, recorded };
}

const refused = (operation: string, status = 400, code = "insufficient-funds") => () => {
  throw new OperatorRejectedError("wave", operation, status, code);
};

describe("advanceMoneyOut", () => {
  it("sends what never left, recording the send before the call", async () => {
    const op = operator({ send: () => ({ operatorRequestId: "pt-1" }) });
    const step = await advanceMoneyOut(item(), op.adapter, op.hooks, at(1000));
    expect(op.calls).toEqual(["send"]);
    expect(op.recorded).toEqual([`sent at ${at(1000).toISOString()}`]);
    expect(step).toMatchObject({ kind: "sent", operatorRequestId: "pt-1" });
  });

  it("looks up what may have left before sending anything again, and takes the operator's answer", async () => {
    const op = operator({ status: () => ({ status: "completed", operatorReference: "T1", amountMinor: 1000n, currency: "XOF" }) });
    const step = await advanceMoneyOut(item(at(0)), op.adapter, op.hooks, at(5_000));
    expect(op.calls).toEqual(["status"]);
    expect(step).toMatchObject({ kind: "final", outcome: { status: "completed", operatorReference: "T1" } });
  });

  it("does not resend while the operator may not show what it received yet; past the grace, resends with the same request", async () => {
    const op = operator({ status: () => "not_found", send: () => ({}) });
    expect(await advanceMoneyOut(item(at(0)), op.adapter, op.hooks, at(59_000))).toMatchObject({ kind: "pending", answer: "not found yet" });
    expect(op.calls).toEqual(["status"]);
    const resent = await advanceMoneyOut(item(at(0)), op.adapter, op.hooks, at(61_000));
    expect(resent).toMatchObject({ kind: "sent", answer: "sent again (same request id)" });
    expect(resent.noRecord).toBeUndefined();
    expect(op.calls).toEqual(["status", "status", "send"]);
  });

  it("past the follow window sends nothing more: reads only, and a positive 'no record' is reported for the planner to count", async () => {
    const op = operator({ status: () => "not_found", send: () => ({}) });
    expect(await advanceMoneyOut(item(at(0)), op.adapter, op.hooks, at(OPERATOR_FOLLOW_MS))).toMatchObject({ kind: "pending", noRecord: true });
    const never = operator({});
    expect(await advanceMoneyOut(item(), never.adapter, never.hooks, at(OPERATOR_FOLLOW_MS))).toMatchObject({ kind: "not_sent", neverSent: true });
    expect([...op.calls, ...never.calls]).toEqual(["status"]);
  });

  it("fails what the operator refused at the first send, but never on a refused resend: the first may have been paid", async () => {
    const first = operator({ send: refused("create payout") });
    expect(await advanceMoneyOut(item(), first.adapter, first.hooks, at(0))).toMatchObject({
      kind: "final",
      outcome: { status: "failed", reason: "operator_rejected: insufficient-funds" },
    });
    const resend = operator({ status: () => "not_found", send: refused("create payout", 400, "insufficient-funds") });
    const step = await advanceMoneyOut(item(at(0)), resend.adapter, resend.hooks, at(120_000));
    expect(step).toMatchObject({ kind: "pending" });
    expect(step.noRecord).toBeUndefined();
    expect(step.answer).toContain("resend refused");
  });

  it("takes a refusal that may mean 'I already have it' (a 409, a duplicate key) for a reason to read its status, even on a first send", async () => {
    for (const [status, code] of [[409, "conflict"], [400, "idempotency-mismatch"], [400, "checkout-refund-failed"]] as const) {
      const op = operator({ send: refused("create payout", status, code) });
      const step = await advanceMoneyOut(item(), op.adapter, op.hooks, at(0));
      expect(step).toMatchObject({ kind: "pending" });
      expect(step.answer).toContain("its status decides");
    }
  });

  it("an operator that cannot be read back is asked by the same request again, and its silence is never taken for 'not made'", async () => {
    const op = operator({ status: () => "unreadable", send: refused("refund checkout session", 400, "checkout-refund-failed") });
    expect(await advanceMoneyOut(item(at(0)), op.adapter, op.hooks, at(30_000))).toMatchObject({ kind: "pending", answer: "sent, not readable back" });
    const step = await advanceMoneyOut(item(at(0)), op.adapter, op.hooks, at(61_000));
    expect(op.calls).toEqual(["status", "status", "send"]);
    expect(step.kind).toBe("pending");
    expect(step.noRecord).toBeUndefined();
    // So even once the window is over, the money is not released: support decides.
    const late = await advanceMoneyOut(item(at(0)), op.adapter, op.hooks, at(OPERATOR_FOLLOW_MS));
    expect(late.noRecord).toBeUndefined();
    expect(planAfterStep(late, { createdAt: created, operatorSentAt: at(0), notFoundReads: 5, firstNoRecordAt: at(0) }, at(OPERATOR_FOLLOW_MS), true)).toMatchObject({ kind: "unresolved" });
  });

  it("keeps an unknown outcome pending, and a read that fails says nothing about the payment", async () => {
    const timeout = operator({
      send: () => {
        throw new OperatorUnknownOutcomeError("mtn-momo", "transfer", "timeout", "no answer within 10000 ms");
      },
    });
    expect(await advanceMoneyOut(item(), timeout.adapter, timeout.hooks, at(0))).toMatchObject({ kind: "pending" });
    expect(timeout.recorded).toEqual([`sent at ${at(0).toISOString()}`]);
    const down = operator({
      status: () => {
        throw new OperatorUnknownOutcomeError("mtn-momo", "transfer status", "server_error", "unexpected HTTP 500", { httpStatus: 500 });
      },
    });
    expect(await advanceMoneyOut(item(at(0)), down.adapter, down.hooks, at(300_000))).toMatchObject({ kind: "pending", answer: "HTTP 500 (outcome unknown)" });
    expect(down.calls).toEqual(["status"]);
  });

  it("takes back the send record when nothing left (not configured, circuit open, connection refused)", async () => {
    const op = operator({
      send: () => {
        throw new OperatorUnavailableError("wave", "create payout", 30);
      },
    });
    const step = await advanceMoneyOut(item(), op.adapter, op.hooks, at(0));
    expect(step).toMatchObject({ kind: "not_sent", neverSent: true, retryAfterSeconds: 30 });
    expect(op.recorded).toEqual([`sent at ${at(0).toISOString()}`, "not sent, back to never"]);
    const refusedConnection = operator({
      status: () => "not_found",
      send: () => {
        throw new OperatorNotSentError("wave", "create payout", "connection_failed", "could not connect (ECONNREFUSED)");
      },
    });
    expect(await advanceMoneyOut(item(at(0)), refusedConnection.adapter, refusedConnection.hooks, at(120_000))).toMatchObject({
      kind: "not_sent",
      neverSent: false,
    });
    expect(refusedConnection.recorded.at(-1)).toBe(`not sent, back to ${at(0).toISOString()}`);
  });

  it("takes an answer given at once, and completes nothing for other figures than ours", async () => {
    const sync = operator({ send: () => ({ outcome: { status: "completed", amountMinor: 1000n, currency: "XOF" } }) });
    expect(await advanceMoneyOut(item(), sync.adapter, sync.hooks, at(0))).toMatchObject({ kind: "final", outcome: { status: "completed" } });
    const other = operator({ status: () => ({ status: "completed", amountMinor: 1n, currency: "XOF" }) });
    const step = await advanceMoneyOut(item(at(0)), other.adapter, other.hooks, at(10_000));
    expect(step).toEqual({ kind: "pending", answer: "amount mismatch: operator 1 XOF, ours 1000 XOF" });
    const currency = operator({ status: () => ({ status: "completed", amountMinor: 1000n, currency: "EUR" }) });
    expect((await advanceMoneyOut(item(at(0)), currency.adapter, currency.hooks, at(10_000))).kind).toBe("pending");
  });
});

describe("planAfterStep", () => {
  const row: { createdAt: Date; operatorSentAt: Date | null; notFoundReads: number; firstNoRecordAt: Date | null } = {
    createdAt: created,
    operatorSentAt: at(0),
    notFoundReads: 0,
    firstNoRecordAt: null,
  };
  const overdue = at(OPERATOR_FOLLOW_MS);
  const HOUR = 60 * 60_000;
  const plan = (step: MoneyOutStep, now: Date, over = false, r: typeof row = row) => planAfterStep(step, r, now, over, HOUR);
  const none = { notFoundReads: 0, firstNoRecordAt: null };

  it("records a final answer, and asks again with back-off from the last send otherwise", () => {
    expect(plan({ kind: "final", outcome: { status: "failed", reason: "x" }, answer: "failed" }, at(1)).kind).toBe("final");
    expect(plan({ kind: "sent", answer: "accepted" }, at(1000))).toEqual({ kind: "wait", dueAt: at(6000), ...none });
    expect(plan({ kind: "pending", answer: "pending" }, at(600_000))).toEqual({ kind: "wait", dueAt: at(900_000), ...none });
    expect(plan({ kind: "not_sent", neverSent: true, retryAfterSeconds: 30, answer: "" }, at(1000))).toEqual({ kind: "wait", dueAt: at(31_000), ...none });
  });

  it("releases the money only on definite facts: never sent (not configured, or within the window), or no record read more than once after it", () => {
    const never = { ...row, operatorSentAt: null };
    expect(plan({ kind: "not_sent", neverSent: true, answer: "" }, overdue, true, never)).toMatchObject({ kind: "final", outcome: { reason: "not_sent_in_time" }, givenUp: true });
    expect(plan({ kind: "not_sent", neverSent: true, notConfigured: true, answer: "" }, at(0), false, never)).toMatchObject({ kind: "final", outcome: { reason: "operator_not_configured" } });
    // One read with no record: not yet, its time kept; a second one in a row, an hour later: released.
    const noRecord: MoneyOutStep = { kind: "pending", noRecord: true, answer: "" };
    const first = plan(noRecord, overdue, true);
    expect(first).toEqual({ kind: "unresolved", dueAt: at(OPERATOR_FOLLOW_MS + UNRESOLVED_READ_EVERY_MS), notFoundReads: 1, firstNoRecordAt: overdue });
    const counted = { ...row, notFoundReads: 1, firstNoRecordAt: overdue };
    expect(plan(noRecord, at(OPERATOR_FOLLOW_MS + HOUR), true, counted)).toMatchObject({ kind: "final", outcome: { reason: "operator_has_no_record" }, givenUp: true });
    // A read that found it, or failed, in between: the count starts again.
    expect(plan({ kind: "pending", answer: "timeout" }, overdue, true, counted)).toMatchObject({ kind: "unresolved", ...none });
  });

  it("counts a second 'no record' only an hour after the first: reads a moment apart neither count nor release", () => {
    const noRecord: MoneyOutStep = { kind: "pending", noRecord: true, answer: "not found" };
    const counted = { ...row, notFoundReads: 1, firstNoRecordAt: overdue };
    for (const later of [1, 1000, HOUR - 1]) {
      expect(plan(noRecord, at(OPERATOR_FOLLOW_MS + later), true, counted)).toEqual({
        kind: "unresolved",
        dueAt: at(OPERATOR_FOLLOW_MS + later + UNRESOLVED_READ_EVERY_MS),
        notFoundReads: 1,
        firstNoRecordAt: overdue,
      });
    }
    // A runner whose clock is behind the first read's: less than the spacing, so nothing counted.
    expect(plan(noRecord, at(OPERATOR_FOLLOW_MS - 60_000), true, counted)).toMatchObject({ kind: "unresolved", notFoundReads: 1 });
    // A count kept before the first read's time was: it starts again.
    expect(plan(noRecord, at(OPERATOR_FOLLOW_MS + 2 * HOUR), true, { ...row, notFoundReads: 1 })).toMatchObject({ kind: "unresolved", notFoundReads: 1 });
    // The spacing is a setting (MONEY_OUT_NO_RECORD_SPACING_MS).
    expect(planAfterStep(noRecord, counted, at(OPERATOR_FOLLOW_MS + 10 * 60_000), true, 5 * 60_000)).toMatchObject({ kind: "final", givenUp: true });
  });

  it("never releases on an unknown: a failed lookup, a 'processing', a send that did not leave after one that may have", () => {
    expect(plan({ kind: "pending", answer: "timeout" }, overdue, true)).toMatchObject({ kind: "unresolved" });
    expect(plan({ kind: "not_sent", neverSent: false, answer: "" }, overdue, true)).toMatchObject({ kind: "unresolved" });
    expect(plan({ kind: "not_sent", neverSent: false, notConfigured: true, answer: "" }, at(1000))).toMatchObject({ kind: "wait" });
  });
});
