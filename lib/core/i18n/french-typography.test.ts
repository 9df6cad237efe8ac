import { describe, expect, it } from "vitest";
import { alertMail, alertSms } from "@/lib/features/payment-alerts/alert-message";
import { chargeAlertMail } from "@/lib/features/charge-lookup/alert-mail";
import { linkMail, linkSms } from "@/lib/features/link-sends/link-message";
import { receiptMail, receiptSms } from "@/lib/features/receipts/receipt-message";
import { activationDecisionMail } from "@/lib/integrations/mail/activation-decision-mail";
import { authMail } from "@/lib/integrations/mail/auth-mails";
import { keysNoticeMail } from "@/lib/integrations/mail/keys-notice-mail";
import { lateSuccessMail } from "@/lib/integrations/mail/late-success-mail";
import fr from "@/messages/fr.json";

// French typography in the French catalog (issue 51 item 6): a narrow no-break space (U+202F)
// before ":", ";", "!" and "?" ("Montant :"), never a plain space that lets the sign start a line,
// never none ("Montant:"). URLs ("https://"), times ("12:30"), ICU placeholders' own syntax and
// the "#144#391#" kind of codes are not punctuation. The catalog is not all: the mails and SMS
// put lines together in code ("Voir le reçu : https://…"), so their French text is read too; an
// SMS holds plain spaces only (gsmSpaces: a no-break one is outside the GSM alphabet), so there
// the sign follows a plain space.

function* strings(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === "string") yield [path, value];
  else if (value && typeof value === "object") for (const [key, inner] of Object.entries(value)) yield* strings(inner, path ? `${path}.${key}` : key);
}

/** Each high punctuation sign in the text not preceded by `space` (U+202F), with a few characters around it. */
function typographyFaults(text: string, space = "\u202f"): string[] {
  const faults: string[] = [];
  for (const match of text.matchAll(/[:;!?]/g)) {
    const i = match.index;
    const before = text[i - 1] ?? "";
    const after = text[i + 1] ?? "";
    if (before === space) continue;
    // Not punctuation: "https://", "12:30", "#144#391#", an ICU argument's "{n, plural, ...}" has none.
    if (match[0] === ":" && (after === "/" || /\d/.test(after))) continue;
    if (/[#/]/.test(before) || /\d/.test(before) && /\d/.test(after)) continue;
    // An API key's scope ("transfers:write") is a name, not a sentence.
    if (match[0] === ":" && /[a-z]/.test(before) && /[a-z]/.test(after)) continue;
    // A sign at the very start, or glued to an opening bracket or quote, is no sentence's end.
    if (before === "" || /[({[«"]/.test(before)) continue;
    faults.push(text.slice(Math.max(0, i - 12), i + 2));
  }
  return faults;
}

describe("French typography in messages/fr.json", () => {
  it("finds the faults it is meant to", () => {
    expect(typographyFaults("Montant : 5 000")).toEqual(["Montant : "]);
    expect(typographyFaults("Montant: 5 000")).toEqual(["Montant: "]);
    expect(typographyFaults("Montant\u00a0: 5 000")).toHaveLength(1);
    expect(typographyFaults("Montant\u202f: 5 000\u202f; vraiment\u202f? Oui\u202f!")).toEqual([]);
    expect(typographyFaults("https://pay.example à 12:30, composez le #144#391#, droit transfers:write")).toEqual([]);
  });

  it("puts a narrow no-break space before : ; ! and ?", () => {
    const faults = Object.entries(fr)
      .flatMap(([section, value]) => [...strings(value, section)])
      .flatMap(([path, text]) => typographyFaults(text).map((fault) => `${path}: ${JSON.stringify(fault)}`));
    expect(faults).toEqual([]);
  });
});

describe("French typography in the mails and SMS put together in code", () => {
  const to = "awa@shop.example";
  const url = "https://pay.example/test/pay/LINK_TEST_01";
  const money = { merchantName: "Chez Awa", amountMinor: 15000n, currency: "XOF" };
  const charge = { id: "c1", merchantName: "Chez Awa", status: "completed" as const, at: new Date("2026-12-04T10:00:00Z"), timeZone: "Africa/Abidjan", totalMinor: 15225n, currency: "XOF", provider: "MTN", maskedPhone: "+225 07 •• •• •4 44", reference: "DEP_TEST_01", stillFollowed: false, receiptLink: null, support: { phone: null, email: null } };
  const sandbox = "sandbox" as const;
  const mails = {
    alert: alertMail({ ...money, payerPhone: "+2250700000444", gatewayName: "MTN_MOMO_CI", paid: { kind: "page", description: "Cotisation" }, dashboardUrl: url, environment: sandbox }, "fr", to),
    receipt: receiptMail({ ...money, description: "Pagne wax", receiptUrl: url, environment: sandbox }, "fr", to),
    link: linkMail({ ...money, description: "Pagne wax", paymentUrl: url, expiresAt: new Date("2026-12-05T10:00:00Z"), environment: sandbox }, "fr", to),
    verify: authMail("verify", { to, url, locale: "fr" }),
    reset: authMail("reset", { to, url, locale: "fr" }),
    invite: authMail("invite", { to, url, locale: "fr", organization: "Chez Awa", inviter: "Awa", inviterEmail: to }),
    activationRefused: activationDecisionMail({ to, locale: "fr", merchant: "Chez Awa", decision: "refuse", reason: "Pièce illisible" }),
    keys: keysNoticeMail({ to, locale: "fr", maker: "Awa", stillMember: false, keys: [{ name: "Caisse", prefix: "sk_test_ab", environment: "sandbox", removed: ["transfers:write"], revoked: false }] }),
    lateSuccess: lateSuccessMail({ to, locale: "fr", kind: "refund", reference: "REF_01", merchant: "Chez Awa", amount: "15 000 F CFA", gateway: "MTN" }),
    chargeToMerchant: chargeAlertMail({ to, locale: "fr", audience: "merchant", charge, dashboardPath: "/dashboard", supportPath: "/admin" }),
    chargeToSupport: chargeAlertMail({ to, locale: "fr", audience: "support", charge, dashboardPath: "/dashboard", supportPath: "/admin" }),
  };

  it("puts a narrow no-break space before : ; ! and ? in every French mail", () => {
    const faults = Object.entries(mails).flatMap(([name, mail]) =>
      [mail.subject, mail.text].flatMap((text) => typographyFaults(text).map((fault) => `${name}: ${JSON.stringify(fault)}`)),
    );
    expect(faults).toEqual([]);
  });

  it("puts a space before them in every French SMS, a plain one", () => {
    const sms = {
      alert: alertSms({ ...money, payerPhone: "+2250700000444", gatewayName: "MTN_MOMO_CI", paid: { kind: "link", description: "Pagne" }, dashboardUrl: url, environment: sandbox }, "fr"),
      receipt: receiptSms({ ...money, description: "Pagne wax", receiptUrl: url, environment: sandbox }, "fr"),
      link: linkSms({ ...money, description: "Pagne wax", paymentUrl: url, expiresAt: new Date("2026-12-05T10:00:00Z"), environment: sandbox }, "fr"),
    };
    expect(Object.entries(sms).flatMap(([name, text]) => typographyFaults(text, " ").map((fault) => `${name}: ${JSON.stringify(fault)}`))).toEqual([]);
  });

  it("keeps English's colon glued to its word", () => {
    expect(alertMail({ ...money, payerPhone: "+2250700000444", gatewayName: "MTN_MOMO_CI", paid: { kind: "page", description: "Cotisation" }, dashboardUrl: url, environment: "live" }, "en", to).text).toContain(`See the payment: ${url}`);
  });
});
