import { describe, expect, it } from "vitest";
import { batchSendConcurrency, DEFAULT_BATCH_SEND_CONCURRENCY, DEFAULT_NO_RECORD_SPACING_MS, noRecordSpacingMs, releasedFollowMs } from "./money-out-settings";

describe("money out settings", () => {
  it("space the 'no record' reads an hour apart unless told otherwise, and never by nothing", () => {
    expect(noRecordSpacingMs({})).toBe(DEFAULT_NO_RECORD_SPACING_MS);
    expect(noRecordSpacingMs({ MONEY_OUT_NO_RECORD_SPACING_MS: "7200000" })).toBe(7_200_000);
    for (const value of ["0", "-1", "1.5", "an hour", " "]) expect(noRecordSpacingMs({ MONEY_OUT_NO_RECORD_SPACING_MS: value })).toBe(DEFAULT_NO_RECORD_SPACING_MS);
  });

  it("follow a released payout for a week unless told otherwise", () => {
    const day = 24 * 60 * 60_000;
    expect(releasedFollowMs({})).toBe(7 * day);
    expect(releasedFollowMs({ MONEY_OUT_RELEASED_FOLLOW_DAYS: "14" })).toBe(14 * day);
    expect(releasedFollowMs({ MONEY_OUT_RELEASED_FOLLOW_DAYS: "0" })).toBe(7 * day);
  });

  it("send a batch's payouts at each operator's own pace, the default for one not named or badly named", () => {
    const env = { BATCH_SEND_CONCURRENCY: " mtn-momo = 2, wave=8,orange-money=0,pawapay=x" };
    expect(batchSendConcurrency("mtn-momo", env)).toBe(2);
    expect(batchSendConcurrency("wave", env)).toBe(8);
    for (const operator of ["orange-money", "pawapay", "sandbox"]) expect(batchSendConcurrency(operator, env)).toBe(DEFAULT_BATCH_SEND_CONCURRENCY);
    expect(batchSendConcurrency("wave", {})).toBe(DEFAULT_BATCH_SEND_CONCURRENCY);
  });
});
