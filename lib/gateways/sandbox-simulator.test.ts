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
    expect(await sandboxSimulator.verifyOtp(deposit, "123456")).toBe(true);
    expect(await sandboxSimulator.verifyOtp(deposit, "654321")).toBe(false);
    expect(await sandboxSimulator.verifyOtp({ reference: "OTHER", otpHash: hashOtp("DEP_INV_TEST_X", "123456") } as never, "123456")).toBe(false);
  });
});
