import { describe, expect, it } from "vitest";
import { createPaymentLinkSchema } from "@/lib/schemas/payment-link";
import { validationError } from "./validation-errors";

const errorFor = (body: unknown) => {
  const result = createPaymentLinkSchema("sandbox").safeParse(body);
  if (result.success) throw new Error("expected a validation error");
  return validationError(result.error);
};

describe("validationError", () => {
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
});
