import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/core/errors/api-error";
import type { RefusalRule } from "@/lib/core/errors/refusal-rules";
import { formErrorOf } from "./form-errors";

const fields = ["amount", "currency", "gatewayName", "country", "beneficiaryPhone", "description", "customerEmail", "callbackUrl"];
const of = (code: ConstructorParameters<typeof ApiError>[0], at: { field?: string; rule?: RefusalRule; details?: string } = {}, formFields = fields) =>
  formErrorOf(new ApiError(code, at), formFields);

describe("formErrorOf", () => {
  it("puts an error beside the field the refusal names", () => {
    expect(of(40014, { field: "beneficiaryPhone", rule: "phone_format" })).toEqual({ field: "beneficiaryPhone", messageKey: "rules.phone_format" });
    expect(of(40012, { field: "gatewayName", rule: "not_enabled" })).toEqual({ field: "gatewayName", messageKey: "codes.40012" });
    expect(of(40015, { field: "currency", rule: "not_served_by_gateway" })).toEqual({ field: "currency", messageKey: "codes.40015" });
    expect(of(40013, { field: "amount", rule: "exceeds_available_balance" })).toEqual({ field: "amount", messageKey: "rules.exceeds_available_balance" });
  });

  it("says the rule's words where it has some, else the code's message", () => {
    expect(of(40023, { field: "description", rule: "required" })).toEqual({ field: "description", messageKey: "rules.required" });
    expect(of(40023, { field: "customerEmail", rule: "email" })).toEqual({ field: "customerEmail", messageKey: "rules.email" });
    expect(of(40010, { field: "amount", rule: "decimals" })).toEqual({ field: "amount", messageKey: "rules.decimals" });
    expect(of(40010, { field: "amount", rule: "not_a_number" })).toEqual({ field: "amount", messageKey: "rules.not_a_number" });
    expect(of(40010, { field: "amount", rule: "too_small" })).toEqual({ field: "amount", messageKey: "codes.40010" });
  });

  it("takes the message the throw site chose for people", () => {
    expect(formErrorOf(new ApiError(40020, { details: "The account's last owner cannot be removed", hint: "lastOwner" }), [])).toEqual({ field: null, messageKey: "hints.lastOwner" });
  });

  it("speaks to the form as a whole when the field is none of the form's, or none is named", () => {
    expect(of(40013, { field: "amount", rule: "exceeds_available_balance" }, [])).toEqual({ field: null, messageKey: "rules.exceeds_available_balance" });
    expect(of(40001, { details: "Your role (viewer) does not allow 'transfers:request'" })).toEqual({ field: null, messageKey: "codes.40001" });
    expect(of(42900)).toEqual({ field: null, messageKey: "codes.42900" });
  });

  it("never reads the field or the rule from the English of details", () => {
    // details naming a field of the form, and a rule with words, but no data: the form as a whole, the code's words.
    expect(of(40010, { details: "amount must be a number" })).toEqual({ field: null, messageKey: "codes.40010" });
    expect(of(40023, { details: "description is required" })).toEqual({ field: null, messageKey: "codes.40023" });
    // details naming another field than the refusal's: the refusal's own.
    expect(of(40015, { field: "currency", rule: "not_served_by_gateway", details: "amount 5 XOF, country CI" })).toEqual({ field: "currency", messageKey: "codes.40015" });
  });
});
