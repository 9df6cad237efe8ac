import { describe, expect, it, vi } from "vitest";
import { createFirstKeyAction } from "@/app/dashboard/(app)/developers/actions";
import { keyScopesFor } from "@/lib/features/auth/member-permissions";
import { createFirstKey, firstStepsState } from "@/lib/features/api-keys/first-keys";
import { db } from "@/lib/core/db/client";
import { rotateWebhookSecret } from "@/lib/features/webhooks/rotate-webhook-secret";
import { call } from "../helpers/api-client";
import { validLink } from "../helpers/fixtures";
import { signedUpMerchant } from "../helpers/auth-session";
import { browseWith } from "../helpers/next-request";

// Issue 28, first steps: sign-up makes no API key (a key is shown only when it is made), and the
// merchant's first key comes with the webhook signing secret nobody has seen: both shown once.

vi.mock("next/headers", async () => (await import("../helpers/next-request")).nextHeaders);
vi.mock("next/cache", async () => (await import("../helpers/next-request")).nextCache);
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

async function signedUpOwner() {
  const { browser, email } = await signedUpMerchant();
  const member = await db().member.findFirstOrThrow({ where: { user: { email } } });
  return { browser, merchantId: member.organizationId };
}

const nameForm = (name: string) => {
  const form = new FormData();
  form.set("name", name);
  return form;
};

describe("a merchant's first key", () => {
  it("sign-up makes none; the first key comes with the signing secret, once; the key works", async () => {
    const { browser, merchantId } = await signedUpOwner();
    expect(await db().apiKey.count({ where: { merchantId } })).toBe(0);
    expect(await firstStepsState(db(), { merchantId, environment: "sandbox" })).toEqual({ noKeyYet: true, secretNeverShown: true });

    browseWith(browser.cookieHeader());
    const first = await createFirstKeyAction(null, nameForm("My server"));
    const merchant = await db().merchant.findUniqueOrThrow({ where: { id: merchantId } });
    expect(first).toEqual({ key: expect.stringMatching(/^sk_test_/), webhookSecret: merchant.webhookSecret });
    const row = await db().apiKey.findFirstOrThrow({ where: { merchantId } });
    expect(row).toMatchObject({ name: "My server", environment: "sandbox", scopes: keyScopesFor("owner") });
    // The key the page showed is the merchant's, on the sandbox API.
    expect((await call("POST", "/test/api/v4/payments/link", { key: first!.key, body: validLink })).status).toBe(200);

    // The secret is never shown that way again.
    expect(await firstStepsState(db(), { merchantId, environment: "live" })).toEqual({ noKeyYet: false, secretNeverShown: false });
    browseWith(browser.cookieHeader());
    expect(await createFirstKeyAction(null, nameForm("Another"))).toEqual({ key: expect.stringMatching(/^sk_test_/), webhookSecret: undefined });
  });

  it("does not show a secret a rotation already showed, nor to a member who may not manage webhooks", async () => {
    const rotated = await signedUpOwner();
    await rotateWebhookSecret(db(), { merchantId: rotated.merchantId });
    const scope = { merchantId: rotated.merchantId, environment: "sandbox" as const };
    expect((await firstStepsState(db(), scope)).secretNeverShown).toBe(false);
    expect((await createFirstKey(db(), scope, "owner", { name: "Key", mayShowSecret: true })).webhookSecret).toBeNull();

    const other = await signedUpOwner();
    const otherScope = { merchantId: other.merchantId, environment: "sandbox" as const };
    expect((await createFirstKey(db(), otherScope, "owner", { name: "Key", mayShowSecret: false })).webhookSecret).toBeNull();
  });

  it("shows the secret to one of two first keys made at once", async () => {
    const { merchantId } = await signedUpOwner();
    const scope = { merchantId, environment: "live" as const };
    const made = await Promise.all([1, 2].map((n) => createFirstKey(db(), scope, "owner", { name: `Key ${n}`, mayShowSecret: true })));
    expect(made.filter((m) => m.webhookSecret !== null)).toHaveLength(1);
    expect(made.every((m) => m.key.startsWith("sk_live_"))).toBe(true);
  });

  it("refuses a name the key form would refuse, in the form's words", async () => {
    const { browser } = await signedUpOwner();
    browseWith(browser.cookieHeader());
    const refused = await createFirstKeyAction(null, nameForm("  "));
    // Beside the name field, in the member's words: never the raw code.
    expect(refused).toMatchObject({ code: 40023, fieldErrors: { name: expect.any(String) } });
    expect(JSON.stringify([refused?.error, refused?.fieldErrors])).not.toContain("40023");
  });
});
