import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/core/errors/api-error";
import { formErrorOf } from "./form-errors";

const fields = ["amount", "currency", "gatewayName", "country", "beneficiaryPhone", "description", "customerEmail", "callbackUrl"];
const of = (code: ConstructorParameters<typeof ApiError>[0], details?: string, formFields = fields) => formErrorOf(new ApiError(code, { details }), formFields);

describe("formErrorOf", () => {
  it("puts an error beside the field its details name", () => {
    expect(of(40014, "beneficiaryPhone must be in international format")).toEqual({ field: "beneficiaryPhone", messageKey: "codes.40014" });
    expect(of(40015, "currency EUR is not supported by gateway WAVE_CI (supported: XOF)")).toEqual({ field: "currency", messageKey: "codes.40015" });
    expect(of(40012, "gatewayName 'X' is not a withdrawal gateway enabled for this account")).toEqual({ field: "gatewayName", messageKey: "codes.40012" });
  });

  it("says more than the code where the rule is a common one", () => {
    expect(of(40023, "description is required")).toEqual({ field: "description", messageKey: "rules.required" });
    expect(of(40023, "customerEmail must be a valid e-mail address")).toEqual({ field: "customerEmail", messageKey: "rules.email" });
    expect(of(40010, "amount has more decimals than XOF allows")).toEqual({ field: "amount", messageKey: "rules.decimals" });
    expect(of(40010, "amount must be a number")).toEqual({ field: "amount", messageKey: "rules.notANumber" });
    expect(of(40010, "amount must be greater than 0")).toEqual({ field: "amount", messageKey: "codes.40010" });
  });

  it("takes the message the throw site chose for people", () => {
    expect(formErrorOf(new ApiError(40020, { details: "The account's last owner cannot be removed", hint: "lastOwner" }), [])).toEqual({ field: null, messageKey: "hints.lastOwner" });
  });

  it("falls back on the field the code is about, then on the form as a whole", () => {
    expect(of(40013, "available 0 XOF; this transfer needs 1010")).toEqual({ field: "amount", messageKey: "codes.40013" });
    expect(of(40001, "Your role (viewer) does not allow 'transfers:request'")).toEqual({ field: null, messageKey: "codes.40001" });
    expect(of(40010, "amount must be a number", [])).toEqual({ field: null, messageKey: "codes.40010" });
    expect(of(42900)).toEqual({ field: null, messageKey: "codes.42900" });
  });
});
