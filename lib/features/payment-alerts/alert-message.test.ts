import { describe, expect, it } from "vitest";
import { formatMinor } from "@/lib/core/domain/money";
import { alertMail, alertSms, type PaymentForAlert } from "./alert-message";

const payment: PaymentForAlert = {
  merchantName: "Chez Awa",
  amountMinor: 15000n,
  currency: "XOF",
  payerPhone: "+2250700000444",
  gatewayName: "ORANGE_MONEY_CI",
  paid: { kind: "page", description: "Cotisation www.evil.example 0700000000" },
  dashboardUrl: "https://pay.example/dashboard/deposits/DEP_01",
  environment: "live",
};

describe("a payment alert's words", () => {
  it("texts a live payment unmarked, the number masked with GSM characters, the merchant's words cleaned of links and numbers", () => {
    const text = alertSms(payment, "fr");
    // Plain spaces only: a no-break one (French digit groups, "F CFA", "reçu :") is outside the GSM alphabet.
    expect(text).not.toMatch(/[\u00a0\u202f]/);
    expect(text).toBe(`Paiement reçu : 15 000 F CFA de +225 07 ** ** *4 44 (Orange Money Côte d'Ivoire), page de paiement « Cotisation ». https://pay.example/dashboard/deposits/DEP_01`);
  });

  it("marks a test payment and says so in the mail, in English when the merchant reads English", () => {
    const mail = alertMail({ ...payment, environment: "sandbox", paid: { kind: "deposit", reference: "DEP_TEST_01" } }, "en", "awa@shop.example");
    expect(mail.subject).toBe(`[TEST] Payment received: ${formatMinor(15000n, "XOF", "en")} from +225 07 •• •• •4 44`);
    expect(mail.text).toContain("by Orange Money Côte d'Ivoire, deposit DEP_TEST_01.");
    expect(mail.text).toContain("Test payment: no real money moved.");
    expect(mail.html).not.toContain("<script");
  });

  it("names an operator we have no label for by its id", () => {
    expect(alertSms({ ...payment, gatewayName: "NEW_GATEWAY_XX" }, "en")).toContain("(NEW_GATEWAY_XX)");
  });
});
