import { describe, expect, it } from "vitest";
import { parsePawapayFees, pawapayFeeMinor, withPawapayFee } from "./pawapay-fees";

describe("pawaPay's price (PAWAPAY_FEES)", () => {
  it("reads rates per operation and per gateway, exactly (parts per million, no float)", () => {
    expect(parsePawapayFees("deposit=1.5%, payout=1%, refund=0.0125%, payout@free_money_sn=2%")).toEqual({
      deposit: { "*": 15_000 },
      payout: { "*": 10_000, FREE_MONEY_SN: 20_000 },
      refund: { "*": 125 },
    });
    expect(parsePawapayFees(undefined)).toEqual({});
    expect(parsePawapayFees(" ")).toEqual({});
  });

  it("refuses what it cannot read whole, rather than price a part of it", () => {
    for (const bad of ["deposit=1.5", "deposit=1,5%", "deposits=1%", "deposit=1.23456%", "deposit=101%", "deposit=1%,deposit=2%", "deposit=-1%", "deposit=1%,", "payout@=1%"]) {
      expect(parsePawapayFees(bad), bad).toBeNull();
    }
  });

  it("charges the gateway's rate, else the operation's, rounded half up to the minor unit; nothing where none is set", () => {
    const fees = parsePawapayFees("deposit=1.5%,payout=1%,payout@FREE_MONEY_SN=2%")!;
    expect(pawapayFeeMinor(fees, "deposit", "MOOV_MONEY_BJ", 5150n)).toBe(77n); // 77.25
    expect(pawapayFeeMinor(fees, "deposit", "MOOV_MONEY_BJ", 5100n)).toBe(77n); // 76.5, half up
    expect(pawapayFeeMinor(fees, "deposit", "MOOV_MONEY_BJ", 33n)).toBe(0n); // 0.495
    expect(pawapayFeeMinor(fees, "payout", "MOOV_MONEY_BJ", 1000n)).toBe(10n);
    expect(pawapayFeeMinor(fees, "payout", "FREE_MONEY_SN", 1000n)).toBe(20n);
    expect(pawapayFeeMinor(fees, "refund", "MOOV_MONEY_BJ", 1_000_000n)).toBe(0n);
    expect(pawapayFeeMinor(fees, "deposit", "MOOV_MONEY_BJ", 9_007_199_254_740_993n)).toBe(135_107_988_821_115n); // beyond a double's integers
  });

  it("goes only on a completed outcome with pawaPay's figures, of pawaPay's amount", () => {
    const fees = parsePawapayFees("deposit=2%")!;
    expect(withPawapayFee({ status: "completed", amountMinor: 5000n, currency: "XOF" }, fees, "deposit", "MOOV_MONEY_BJ")).toEqual({ status: "completed", amountMinor: 5000n, currency: "XOF", operatorFeeMinor: 100n });
    expect(withPawapayFee({ status: "completed", amountMinor: 5000n, currency: "XOF" }, fees, "refund", "MOOV_MONEY_BJ")).toEqual({ status: "completed", amountMinor: 5000n, currency: "XOF" });
    expect(withPawapayFee({ status: "pending", said: "SUBMITTED" }, fees, "deposit", "MOOV_MONEY_BJ")).toEqual({ status: "pending", said: "SUBMITTED" });
    expect(withPawapayFee({ status: "failed", reason: "declined_by_customer" }, fees, "deposit", "MOOV_MONEY_BJ")).toEqual({ status: "failed", reason: "declined_by_customer" });
  });
});
