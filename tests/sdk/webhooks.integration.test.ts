import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { signWebhook } from "@/lib/features/webhooks/sign-webhook";
import { PcsWebhookError, verifyWebhook, type WebhookEvent } from "@/sdk/src/index";
import { call } from "../helpers/api-client";
import { newMerchant, validDeposit, waitForSandboxAnswer } from "../helpers/fixtures";

// The SDK's webhook helper on an event the app really recorded (the exact body it sends), signed
// the way the app signs its deliveries (lib/features/webhooks/sign-webhook.ts) with the merchant's secret:
// the genuine one verifies and comes back typed; a forged, altered or stale one is refused.

let merchant: Awaited<ReturnType<typeof newMerchant>>;
let event: { id: string; payload: string };

const signed = (body: string, at = new Date(), secret = merchant.webhookSecret) =>
  signWebhook({ id: event.id, body, at, secrets: { webhookSecret: secret, previousWebhookSecret: null, previousSecretExpiresAt: null } });

beforeAll(async () => {
  merchant = await newMerchant();
  // The simulated phone declines numbers ending in 111: a deposit.failed event for the callbackUrl.
  const res = await call("POST", "/test/api/v4/classic/deposit/initiate", {
    key: merchant.sandboxKey,
    body: { ...validDeposit, customerPhone: "+2250700000111", callbackUrl: "https://merchant.example/hooks" },
  });
  expect(res.status).toBe(200);
  await waitForSandboxAnswer(res.body.reference);
  await call("GET", `/test/api/v4/deposits/${res.body.reference}`, { key: merchant.sandboxKey });
  event = await db().webhookEvent.findFirstOrThrow({ where: { reference: res.body.reference } });
});

describe("verifyWebhook", () => {
  it("returns the typed event of a genuine webhook (Headers or a plain record, string or bytes)", () => {
    const verified: WebhookEvent = verifyWebhook({ payload: event.payload, headers: new Headers(signed(event.payload)), secret: merchant.webhookSecret });
    expect(verified).toEqual(JSON.parse(event.payload));
    if (verified.event !== "deposit.failed") throw new Error(`unexpected event ${verified.event}`);
    // Narrowed on `event`: the deposit's own fields are typed.
    expect(verified.failureReason).toBeTruthy();
    const headers = Object.fromEntries(Object.entries(signed(event.payload)).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verifyWebhook({ payload: new TextEncoder().encode(event.payload), headers, secret: merchant.webhookSecret })).toEqual(verified);
  });

  it("refuses a webhook signed with another secret (forged)", async () => {
    const other = await newMerchant();
    const forged = signed(event.payload, new Date(), other.webhookSecret);
    expect(() => verifyWebhook({ payload: event.payload, headers: forged, secret: merchant.webhookSecret })).toThrow(PcsWebhookError);
  });

  it("refuses a body altered after signing", () => {
    const altered = event.payload.replace('"failed"', '"completed"');
    expect(altered).not.toBe(event.payload);
    expect(() => verifyWebhook({ payload: altered, headers: signed(event.payload), secret: merchant.webhookSecret })).toThrow(PcsWebhookError);
  });

  it("refuses a stale webhook (signed 10 minutes ago: a replay) and one without signature", () => {
    const stale = signed(event.payload, new Date(Date.now() - 10 * 60_000));
    expect(() => verifyWebhook({ payload: event.payload, headers: stale, secret: merchant.webhookSecret })).toThrow(/too old/i);
    const { "webhook-signature": _, ...unsigned } = signed(event.payload);
    expect(() => verifyWebhook({ payload: event.payload, headers: unsigned, secret: merchant.webhookSecret })).toThrow(PcsWebhookError);
  });
});
