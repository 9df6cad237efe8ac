import { describe, expect, it } from "vitest";
import { confirmDepositSchema } from "@/lib/core/schemas/deposit";
import { createPaymentLinkSchema } from "@/lib/core/schemas/payment-link";
import { validationError } from "@/lib/core/errors/validation-errors";
import { apiErrorOf } from "./api-error-of";

// validationError's outcomes as the API answers them: the contract's code per field.

const errorFor = (body: unknown) => {
  const result = createPaymentLinkSchema("sandbox").safeParse(body);
  if (result.success) throw new Error("expected a validation error");
  return apiErrorOf(validationError(result.error, body))!;
};

describe("validationError, through the API's mapping", () => {
  it("maps each field to its spec code and names it in details", () => {
    expect(errorFor({ amount: 1, currency: "XOF", description: "x" })).toMatchObject({ code: 40010, status: 400 });
    expect(errorFor({ amount: 500, currency: "ZZZ", description: "x" })).toMatchObject({ code: 40015 });
    expect(errorFor({ amount: 500, currency: "XOF", description: "x", customerPhone: "12" })).toMatchObject({ code: 40014 });
    expect(errorFor({ amount: 500, currency: "XOF", description: "x", callbackUrl: "http://a.b" })).toMatchObject({ code: 40021 });
    expect(errorFor({ amount: 500, currency: "XOF" }).details).toBe("description is required");
  });

  it("reports unknown fields as INVALID_REQUEST", () => {
    expect(errorFor({ amount: 500, currency: "XOF", description: "x", foo: 1 })).toMatchObject({
      code: 40023,
      details: "unknown field 'foo'",
    });
  });

  it("tells a field of the wrong type from a missing one (zod 4 issues carry no input)", () => {
    expect(errorFor({ amount: "5000", currency: "XOF", description: "x" })).toMatchObject({ code: 40010, details: "amount must be a number" });
    expect(errorFor({ amount: null, currency: "XOF", description: "x" })).toMatchObject({ code: 40010, details: "amount must be a number" });
    expect(errorFor({ currency: "XOF", description: "x" })).toMatchObject({ code: 40010, details: "amount is required" });
    expect(errorFor({ amount: 500, currency: "XOF", description: ["x"] }).details).toBe("description must be a string");
    expect(errorFor({ amount: 500, currency: "XOF", description: undefined }).details).toBe("description is required");
  });

  it("a body that is not an object says so, whatever JSON it is", () => {
    for (const body of [[], [1, 2], null, "x", 12, true]) {
      expect(errorFor(body), JSON.stringify(body)).toMatchObject({ code: 40023, details: "body must be a JSON object" });
    }
  });

  it("otp: missing is 40007 (the spec), the wrong type 40023, the wrong format 40019", () => {
    const confirmError = (body: unknown) => {
      const result = confirmDepositSchema.safeParse(body);
      if (result.success) throw new Error("expected a validation error");
      return apiErrorOf(validationError(result.error, body))!;
    };
    expect(confirmError({ trxReference: "DEP_INV_TEST_X" })).toMatchObject({ code: 40007, status: 404, details: "otp is required" });
    expect(confirmError({ trxReference: "DEP_INV_TEST_X", otp: 123456 })).toMatchObject({ code: 40023, status: 400, details: "otp must be a string of digits" });
    expect(confirmError({ trxReference: "DEP_INV_TEST_X", otp: "12ab" })).toMatchObject({ code: 40019, details: "otp must be 4 to 8 digits" });
  });
});
