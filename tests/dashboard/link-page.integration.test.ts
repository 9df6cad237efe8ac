import { describe, expect, it, vi } from "vitest";
import { createTranslator } from "next-intl";
import { timelineSentence } from "@/components/dashboard/timeline-sentence";
import { newCheckoutToken } from "@/lib/features/checkout/checkout-session";
import { startLinkAttempt } from "@/lib/features/checkout/start-link-attempt";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { FAILURE_REASONS } from "@/lib/core/domain/failure-reasons";
import { TIMELINE_KINDS } from "@/lib/features/links/payment-timeline";
import { sandboxAnswerDelayMs } from "@/lib/integrations/gateways/sandbox-simulator";
import { db } from "@/lib/core/db/client";
import { call, ORIGIN } from "../helpers/api-client";
import { signedUpMerchant } from "../helpers/auth-session";
import { newKey } from "../helpers/fixtures";
import { browseWith, elementsOf, nextRequest } from "../helpers/next-request";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";

// Issue 35: the dashboard's link page is headed by what the link sells ("Sac de riz"), its
// reference below, and its timeline reads as sentences in the member's language, never the
// webhook's event names or reason codes support reads.

vi.mock("next/headers", async () => (await import("../helpers/next-request")).nextHeaders);
vi.mock("next/cache", async () => (await import("../helpers/next-request")).nextCache);
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

const RAW = /deposit\.|payment_link\.|otp\.|_by_|declined|insufficient|\bDIRECT\b|\bREDIRECT\b|MTN_MOMO|\{|\}/;

/** The text a list item shows (its strings and its elements' strings, without the time). */
function textOf(node: unknown): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (node && typeof node === "object" && "props" in node) {
    const element = node as { type: unknown; props: { children?: unknown } };
    return element.type === "time" ? "" : textOf(element.props.children);
  }
  return "";
}

describe("timeline sentences", () => {
  const catalogs = { en, fr };
  it.each(["en", "fr"] as const)("has one for every kind of step and every failure reason (%s), with no raw code", (locale) => {
    const steps = createTranslator({ locale, messages: catalogs[locale], namespace: "dashboard.timelineSteps" as never }) as never;
    const labels = createTranslator({ locale, messages: catalogs[locale], namespace: "labels" as never }) as never;
    const values = { gateway: "MTN_MOMO_CI", paymentType: "DIRECT", tryNumber: 1, maxTries: 3, count: 2 };
    const sentences = [
      ...TIMELINE_KINDS.map((kind) => timelineSentence(steps, labels, { kind, values })),
      ...["REDIRECT", "OTP"].map((paymentType) => timelineSentence(steps, labels, { kind: "attempt_created", values: { ...values, paymentType } })),
      ...[...FAILURE_REASONS, "an_operator_code_we_do_not_know", null].flatMap((reason) =>
        (["attempt_failed", "link_failed"] as const).map((kind) => timelineSentence(steps, labels, { kind, values: { reason } })),
      ),
    ];
    for (const sentence of sentences) {
      expect(sentence).not.toMatch(RAW);
      expect(sentence).not.toMatch(/^dashboard\.|timelineSteps/);
    }
  });
});

describe("the dashboard's link page", () => {
  it("is headed by the description, the reference below, and tells a declined attempt in sentences (fr)", async () => {
    const { browser, email } = await signedUpMerchant({ businessName: "Boutique du riz" });
    const merchantId = (await db().member.findFirstOrThrow({ where: { user: { email } } })).organizationId;
    const key = (await newKey(merchantId, "sandbox")).key;
    const created = await call("POST", "/test/api/v4/payments/link", { key, body: { amount: 15000, currency: "XOF", description: "Sac de riz" } });
    expect(created.status).toBe(200);
    const reference = created.body.reference as string;
    // The sandbox phone that declines, answered by the due-work pass.
    const attempt = await startLinkAttempt(db(), {
      reference, environment: "sandbox", gatewayName: "MTN_MOMO_CI", country: "CI", customerPhone: "+2250700000111", origin: ORIGIN, checkoutToken: newCheckoutToken(),
    });
    await runDueWork(db(), new Date(attempt.createdAt.getTime() + sandboxAnswerDelayMs() + 10_000));

    browseWith(browser.cookieHeader());
    nextRequest.locale = "fr";
    const { default: PaymentLinkPage } = await import("@/app/dashboard/(app)/links/[reference]/page");
    const page = await PaymentLinkPage({ params: Promise.resolve({ reference }), searchParams: Promise.resolve({}) });
    nextRequest.locale = "en";

    expect(elementsOf(page, "h1").map((h) => textOf(h.children))).toEqual(["Sac de riz"]);
    expect(elementsOf(page, "p").map((p) => textOf(p.children))).toContain(`Référence ${reference}`);
    const steps = elementsOf(page, "li").map((li) => textOf(li.children));
    expect(steps.length).toBeGreaterThanOrEqual(4);
    for (const step of steps) expect(step).not.toMatch(RAW);
    const declined = fr.labels.failureReason.declined_by_customer;
    expect(steps).toEqual(
      expect.arrayContaining([
        `${fr.dashboard.timelineSteps.link_created} ${reference}`,
        `Le client a commencé à payer avec ${fr.labels.gateway.MTN_MOMO_CI}, sur son téléphone. ${attempt.reference}`,
        `Cette tentative de paiement a échoué\u202f: ${declined}. ${attempt.reference}`,
        expect.stringContaining(`Le paiement a échoué (${declined})`),
      ]),
    );
  });
});
