import { describe, expect, it } from "vitest";
import { wavePayoutStatus } from "./wave-status";

const payout = { id: "pt-185sewgm8100t", currency: "XOF", receive_amount: "15000", mobile: "+221555110233", status: "succeeded", timestamp: "2022-06-21T09:56:29Z" };

describe("a Wave payout's outcome", () => {
  it("carries what Wave charged for it (its fee, on top of receive_amount) with what the recipient got", () => {
    expect(wavePayoutStatus({ ...payout, fee: "150" })).toEqual({
      status: "completed",
      operatorReference: payout.id,
      amountMinor: 15000n,
      currency: "XOF",
      operatorFeeMinor: 150n,
      said: "succeeded",
    });
  });

  it("completes nothing when Wave reports a fee we cannot read: it would never reach the ledger; pending, Wave's words kept", () => {
    for (const fee of ["150.5", "abc", ""]) {
      expect(wavePayoutStatus({ ...payout, fee }), fee).toEqual({ status: "pending", said: `succeeded (a fee we cannot read: ${fee})` });
    }
  });
});
