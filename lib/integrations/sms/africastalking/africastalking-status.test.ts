import { describe, expect, it } from "vitest";
import { acceptedStatusCode, messageFailureReason, readAfricasTalkingReport, sendFailureReason } from "./africastalking-status";

describe("Africa's Talking's sending status codes", () => {
  it("accepts 100 Processed, 101 Sent and 102 Queued, and names each refusal", () => {
    expect([100, 101, 102].every(acceptedStatusCode)).toBe(true);
    expect(acceptedStatusCode(403)).toBe(false);
    expect(sendFailureReason(403)).toBe("invalid_number");
    expect(sendFailureReason(405)).toBe("provider_balance");
    expect(sendFailureReason(401)).toBe("risk_hold");
    expect(sendFailureReason(406)).toBe("blacklisted");
    expect(sendFailureReason(501)).toBe("provider_error");
    expect(sendFailureReason(999)).toBe("provider_error");
    expect(messageFailureReason("InvalidSenderId")).toBe("sender_refused");
    expect(messageFailureReason("Something else")).toBe("provider_error");
  });
});

describe("Africa's Talking's delivery reports", () => {
  it("reads Success as delivered, Sent/Submitted/Buffered as still on the way, Failed and Rejected as failed with a reason", () => {
    expect(readAfricasTalkingReport({ id: "ATXid_1", status: "Success", phoneNumber: "+2250700000444", networkCode: "61205" })).toEqual({
      messageId: "ATXid_1",
      state: "delivered",
      providerStatus: "Success",
      failureReason: null,
    });
    expect(readAfricasTalkingReport({ id: "ATXid_1", status: "Buffered" })?.state).toBe("sent");
    expect(readAfricasTalkingReport({ id: "ATXid_1", status: "Failed", failureReason: "UserDoesNotExist" })).toMatchObject({
      state: "failed",
      failureReason: "invalid_number",
      providerStatus: "Failed: UserDoesNotExist",
    });
    expect(readAfricasTalkingReport({ id: "ATXid_1", status: "Failed" })?.failureReason).toBe("undeliverable");
    expect(readAfricasTalkingReport({ id: "ATXid_1", status: "Rejected" })?.failureReason).toBe("rejected");
  });

  it("is not a report without an id and a status it knows", () => {
    expect(readAfricasTalkingReport({ status: "Success" })).toBeNull();
    expect(readAfricasTalkingReport({ id: "ATXid_1", status: "Teleported" })).toBeNull();
  });
});
