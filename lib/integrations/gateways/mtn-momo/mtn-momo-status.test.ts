import { describe, expect, it } from "vitest";
import { mtnMomoOutcome, mtnMomoStatus } from "./mtn-momo-status";

const production = { ourCurrency: "XOF", sandbox: false };
const sandbox = { ourCurrency: "XOF", sandbox: true };

describe("MTN MoMo status reads", () => {
  it("reports what MTN says was paid: its amount as a string or a number, compared as a number", () => {
    for (const amount of ["5150", "5150.0", "5150.00", 5150]) {
      expect(mtnMomoOutcome(mtnMomoStatus({ status: "SUCCESSFUL", amount, currency: "XOF", financialTransactionId: "42" }, production)), String(amount)).toEqual({
        status: "completed",
        amountMinor: 5150n,
        currency: "XOF",
        operatorReference: "42",
        said: "SUCCESSFUL",
      });
    }
    expect(mtnMomoOutcome(mtnMomoStatus({ status: "SUCCESSFUL", amount: "1", currency: "XOF" }, production))).toMatchObject({ amountMinor: 1n, currency: "XOF" });
  });

  it("reads the sandbox's EUR back in our currency with the same digits; another currency stays MTN's", () => {
    expect(mtnMomoStatus({ status: "SUCCESSFUL", amount: "5150", currency: "EUR" }, sandbox)).toMatchObject({ amountMinor: 5150n, currency: "XOF" });
    // Outside the sandbox, EUR is EUR: the core sees another currency than ours.
    expect(mtnMomoStatus({ status: "SUCCESSFUL", amount: "5150", currency: "EUR" }, production)).toMatchObject({ amountMinor: 515000n, currency: "EUR" });
    // An amount XOF cannot hold is kept in EUR: it can never pass for ours.
    expect(mtnMomoStatus({ status: "SUCCESSFUL", amount: "5150.5", currency: "EUR" }, sandbox)).toMatchObject({ amountMinor: 515050n, currency: "EUR" });
    expect(mtnMomoStatus({ status: "SUCCESSFUL", amount: "10.5", currency: "EUR" }, { ourCurrency: "EUR", sandbox: true })).toMatchObject({
      amountMinor: 1050n,
      currency: "EUR",
    });
  });

  it("completes nothing on a SUCCESSFUL without figures it can read", () => {
    for (const body of [{ status: "SUCCESSFUL" }, { status: "SUCCESSFUL", amount: "abc", currency: "XOF" }, { status: "SUCCESSFUL", amount: "1500.5", currency: "XOF" }]) {
      expect(mtnMomoOutcome(mtnMomoStatus(body, production)), JSON.stringify(body)).toEqual({ status: "pending", said: "SUCCESSFUL without an amount we can read" });
    }
  });

  it("maps failures and pending with MTN's words for support", () => {
    expect(mtnMomoOutcome(mtnMomoStatus({ status: "FAILED", reason: "APPROVAL_REJECTED", amount: "5150", currency: "XOF" }, production))).toEqual({
      status: "failed",
      reason: "declined_by_customer",
      said: "FAILED APPROVAL_REJECTED",
    });
    expect(mtnMomoOutcome(mtnMomoStatus({ status: "FAILED", reason: { code: "PAYER_NOT_FOUND" } }, production))).toMatchObject({ reason: "payer_not_found" });
    expect(mtnMomoOutcome(mtnMomoStatus({ status: "PENDING", amount: "5150", currency: "XOF" }, production))).toEqual({ status: "pending", said: "PENDING" });
    expect(mtnMomoOutcome(mtnMomoStatus({ status: "CREATED" }, production))).toEqual({ status: "pending", said: "CREATED" });
  });

  it("reads a status MTN does not document (it lists PENDING, SUCCESSFUL, FAILED) as pending, MTN's word kept for support", () => {
    for (const status of ["REJECTED", "TIMEOUT", "ONGOING"]) {
      const body = { status, reason: "APPROVAL_REJECTED", amount: "5150", currency: "XOF" };
      expect(mtnMomoStatus(body, production), status).toMatchObject({ state: "pending", operatorCode: status });
      expect(mtnMomoOutcome(mtnMomoStatus(body, production)), status).toEqual({ status: "pending", said: status });
    }
  });
});
