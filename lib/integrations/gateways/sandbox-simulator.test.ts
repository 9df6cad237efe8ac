import { describe, expect, it } from "vitest";
import { hashOtp, sandboxSimulator, simulatedAnswer } from "./sandbox-simulator";

describe("sandbox simulator", () => {
  it("answers by the phone number's ending", () => {
    expect(simulatedAnswer("+2250700000111")).toEqual({ status: "failed", reason: "declined_by_customer" });
    expect(simulatedAnswer("+2250700000222")).toEqual({ status: "pending" });
    expect(simulatedAnswer("+2250700000333")).toEqual({ status: "failed", reason: "insufficient_funds" });
    expect(simulatedAnswer("+2250700000444")).toEqual({ status: "completed" });
  });

  it("accepts 123456 and nothing else", async () => {
    const deposit = { reference: "DEP_INV_TEST_X", otpHash: hashOtp("DEP_INV_TEST_X", "123456") } as never;
    expect(await sandboxSimulator.verifyOtp(deposit, "123456")).toEqual({ status: "completed" });
    expect(await sandboxSimulator.verifyOtp(deposit, "654321")).toEqual({ status: "wrong_code" });
    expect(await sandboxSimulator.verifyOtp({ reference: "OTHER", otpHash: hashOtp("DEP_INV_TEST_X", "123456") } as never, "123456")).toEqual({
      status: "wrong_code",
    });
  });

  it("gives the operator's time of a DIRECT answer, and dismisses a prompt replaced before it", async () => {
    const createdAt = new Date("2026-11-23T10:00:00.000Z");
    const answeredAt = new Date(createdAt.getTime() + 2000);
    const later = new Date(createdAt.getTime() + 60_000);
    const prompt = { paymentType: "DIRECT", customerPhone: "+2250700000444", amountMinor: 5000n, feesMinor: 75n, currency: "XOF", createdAt, supersededAt: null } as never;
    // The simulated customer pays what we asked: the figures the core compares with ours.
    const paid = { status: "completed", at: answeredAt, amountMinor: 5075n, currency: "XOF" };
    const previous = process.env.SANDBOX_DIRECT_ANSWER_MS;
    process.env.SANDBOX_DIRECT_ANSWER_MS = "2000";
    try {
      expect(await sandboxSimulator.status(prompt, new Date(createdAt.getTime() + 1999))).toEqual({ status: "pending" });
      // Asked a minute later, the answer is still stamped when the phone gave it.
      expect(await sandboxSimulator.status(prompt, later)).toEqual(paid);
      const replacedBefore = { ...(prompt as object), supersededAt: new Date(createdAt.getTime() + 1000) } as never;
      expect(await sandboxSimulator.status(replacedBefore, later)).toEqual({ status: "pending" });
      const replacedAfter = { ...(prompt as object), supersededAt: new Date(createdAt.getTime() + 3000) } as never;
      expect(await sandboxSimulator.status(replacedAfter, later)).toEqual(paid);
    } finally {
      if (previous === undefined) delete process.env.SANDBOX_DIRECT_ANSWER_MS;
      else process.env.SANDBOX_DIRECT_ANSWER_MS = previous;
    }
  });
});
