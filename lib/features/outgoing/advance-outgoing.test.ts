import { describe, expect, it } from "vitest";
import type { GatewayOutcome, OutgoingAdapter, OutgoingForGateway } from "@/lib/integrations/gateways/adapter";
import { OperatorNotSentError, OperatorRejectedError, OperatorUnavailableError, OperatorUnknownOutcomeError } from "@/lib/integrations/gateways/operators/operator-errors";
import { OPERATOR_FOLLOW_MS } from "@/lib/core/domain/operator-polling";
import { advanceOutgoing, type OutgoingHooks } from "./advance-outgoing";
import { planAfterStep } from "./plan-after-step";

// The rules that keep a payout or a refund from being paid twice or released while the operator
// may have paid, against an operator whose answers each test scripts (the seam's contract; the
// operators' own behaviour is tested against their fakes in tests/).

const created = new Date("2026-11-25T10:00:00Z");
const at = (ms: number) => new Date(created.getTime() + ms);
const item = (operatorSentAt: Date | null = null): OutgoingForGateway => ({
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
  const adapter: OutgoingAdapter = {
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
  const hooks: OutgoingHooks = {
    beforeSend: async (when) => void recorded.push(`sent at ${when.toISOString()}`),
    notSent: async (previous) => void recorded.push(`not sent, back to ${previous?.toISOString() ?? "never"}`),
  };
  return { adapter, hooks, calls, recorded };
}

const refused = (operation: string) => () => {
  throw new OperatorRejectedError("wave", operation, 409, "idempotency-mismatch");
};

describe("advanceOutgoing", () => {
  it("sends what never left, recording the send before the call", async () => {
    const op = operator({ send: () => ({ operatorRequestId: "pt-1" }) });
    const step = await advanceOutgoing(item(), op.adapter, op.hooks, at(1000));
    expect(op.calls).toEqual(["send"]);
    expect(op.recorded).toEqual([`sent at ${at(1000).toISOString()}`]);
    expect(step).toMatchObject({ kind: "sent", operatorRequestId: "pt-1" });
  });

  it("looks up what may have left before sending anything again, and takes the operator's answer", async () => {
    const op = operator({ status: () => ({ status: "completed", operatorReference: "T1", amountMinor: 1000n, currency: "XOF" }) });
    const step = await advanceOutgoing(item(at(0)), op.adapter, op.hooks, at(5_000));
    expect(op.calls).toEqual(["status"]);
    expect(step).toMatchObject({ kind: "final", outcome: { status: "completed", operatorReference: "T1" } });
  });

  it("does not resend while the operator may not show what it received yet; past the grace, resends with the same request", async () => {
    const op = operator({ status: () => "not_found", send: () => ({}) });
    expect(await advanceOutgoing(item(at(0)), op.adapter, op.hooks, at(59_000))).toMatchObject({ kind: "pending", answer: "not found yet" });
    expect(op.calls).toEqual(["status"]);
    expect(await advanceOutgoing(item(at(0)), op.adapter, op.hooks, at(61_000))).toMatchObject({ kind: "sent", noRecord: true });
    expect(op.calls).toEqual(["status", "status", "send"]);
  });

  it("fails what the operator refused at the first send, but never on a refused resend: the first may have been paid", async () => {
    const first = operator({ send: refused("create payout") });
    expect(await advanceOutgoing(item(), first.adapter, first.hooks, at(0))).toMatchObject({
      kind: "final",
      outcome: { status: "failed", reason: "operator_rejected: idempotency-mismatch" },
    });
    const resend = operator({ status: () => "not_found", send: refused("create payout") });
    const step = await advanceOutgoing(item(at(0)), resend.adapter, resend.hooks, at(120_000));
    expect(step).toMatchObject({ kind: "pending", noRecord: true });
    expect(step.answer).toContain("resend refused");
  });

  it("an operator that cannot be read back is asked by the same request again, and its silence is never taken for 'not made'", async () => {
    const op = operator({ status: () => "unreadable", send: refused("refund checkout session") });
    expect(await advanceOutgoing(item(at(0)), op.adapter, op.hooks, at(30_000))).toMatchObject({ kind: "pending", answer: "sent, not readable back" });
    const step = await advanceOutgoing(item(at(0)), op.adapter, op.hooks, at(61_000));
    expect(op.calls).toEqual(["status", "status", "send"]);
    expect(step.kind).toBe("pending");
    expect(step.noRecord).toBeUndefined();
    // So even once the window is over, the money is not released: support decides.
    expect(planAfterStep(step, { createdAt: created, operatorSentAt: at(0) }, at(OPERATOR_FOLLOW_MS))).toEqual({ kind: "unresolved" });
  });

  it("keeps an unknown outcome pending, and a read that fails says nothing about the payment", async () => {
    const timeout = operator({
      send: () => {
        throw new OperatorUnknownOutcomeError("mtn-momo", "transfer", "timeout", "no answer within 10000 ms");
      },
    });
    expect(await advanceOutgoing(item(), timeout.adapter, timeout.hooks, at(0))).toMatchObject({ kind: "pending" });
    expect(timeout.recorded).toEqual([`sent at ${at(0).toISOString()}`]);
    const down = operator({
      status: () => {
        throw new OperatorUnknownOutcomeError("mtn-momo", "transfer status", "server_error", "unexpected HTTP 500", { httpStatus: 500 });
      },
    });
    expect(await advanceOutgoing(item(at(0)), down.adapter, down.hooks, at(300_000))).toMatchObject({ kind: "pending", answer: "HTTP 500 (outcome unknown)" });
    expect(down.calls).toEqual(["status"]);
  });

  it("takes back the send record when nothing left (not configured, circuit open, connection refused)", async () => {
    const op = operator({
      send: () => {
        throw new OperatorUnavailableError("wave", "create payout", 30);
      },
    });
    const step = await advanceOutgoing(item(), op.adapter, op.hooks, at(0));
    expect(step).toMatchObject({ kind: "not_sent", neverSent: true, retryAfterSeconds: 30 });
    expect(op.recorded).toEqual([`sent at ${at(0).toISOString()}`, "not sent, back to never"]);
    const refusedConnection = operator({
      status: () => "not_found",
      send: () => {
        throw new OperatorNotSentError("wave", "create payout", "connection_failed", "could not connect (ECONNREFUSED)");
      },
    });
    expect(await advanceOutgoing(item(at(0)), refusedConnection.adapter, refusedConnection.hooks, at(120_000))).toMatchObject({
      kind: "not_sent",
      neverSent: false,
    });
    expect(refusedConnection.recorded.at(-1)).toBe(`not sent, back to ${at(0).toISOString()}`);
  });

  it("takes an answer given at once, and completes nothing for other figures than ours", async () => {
    const sync = operator({ send: () => ({ outcome: { status: "completed", amountMinor: 1000n, currency: "XOF" } }) });
    expect(await advanceOutgoing(item(), sync.adapter, sync.hooks, at(0))).toMatchObject({ kind: "final", outcome: { status: "completed" } });
    const other = operator({ status: () => ({ status: "completed", amountMinor: 1n, currency: "XOF" }) });
    const step = await advanceOutgoing(item(at(0)), other.adapter, other.hooks, at(10_000));
    expect(step).toEqual({ kind: "pending", answer: "amount mismatch: operator 1 XOF, ours 1000 XOF" });
    const currency = operator({ status: () => ({ status: "completed", amountMinor: 1000n, currency: "EUR" }) });
    expect((await advanceOutgoing(item(at(0)), currency.adapter, currency.hooks, at(10_000))).kind).toBe("pending");
  });
});

describe("planAfterStep", () => {
  const row = { createdAt: created, operatorSentAt: at(0) };
  const overdue = at(OPERATOR_FOLLOW_MS);

  it("records a final answer, and asks again with back-off from the last send otherwise", () => {
    expect(planAfterStep({ kind: "final", outcome: { status: "failed", reason: "x" }, answer: "failed" }, row, at(1)).kind).toBe("final");
    expect(planAfterStep({ kind: "sent", answer: "accepted" }, row, at(1000))).toEqual({ kind: "wait", dueAt: at(6000) });
    expect(planAfterStep({ kind: "pending", answer: "pending" }, row, at(600_000))).toEqual({ kind: "wait", dueAt: at(900_000) });
    expect(planAfterStep({ kind: "not_sent", neverSent: true, retryAfterSeconds: 30, answer: "" }, row, at(1000))).toEqual({ kind: "wait", dueAt: at(31_000) });
  });

  it("releases the money only when nothing can have been paid, once the follow window is over", () => {
    expect(planAfterStep({ kind: "not_sent", neverSent: true, answer: "" }, { createdAt: created, operatorSentAt: null }, overdue)).toMatchObject({
      kind: "final",
      outcome: { status: "failed", reason: "not_sent_in_time" },
      givenUp: true,
    });
    expect(planAfterStep({ kind: "pending", noRecord: true, answer: "" }, row, overdue)).toMatchObject({ outcome: { reason: "operator_has_no_record" } });
    // A lookup that fails, or an operator still saying "processing": the money stays held, support decides.
    expect(planAfterStep({ kind: "pending", answer: "timeout" }, row, overdue)).toEqual({ kind: "unresolved" });
    expect(planAfterStep({ kind: "not_sent", neverSent: false, answer: "" }, row, overdue)).toEqual({ kind: "unresolved" });
    // Before the window is over, nothing is given up.
    expect(planAfterStep({ kind: "pending", noRecord: true, answer: "" }, row, at(OPERATOR_FOLLOW_MS - 1)).kind).toBe("wait");
  });
});
