import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PcsClient, PcsError, type PaymentPage } from "@/sdk/src/index";
import { startAppServer, type RunningServer } from "../helpers/app-server";
import { newMerchant } from "../helpers/fixtures";

// The SDK's paymentPages (issue 36) against the real app over HTTP, as tests/sdk/client does for links.

let app: RunningServer;
let sdk: PcsClient;

beforeAll(async () => {
  app = await startAppServer();
  const merchant = await newMerchant();
  sdk = new PcsClient({ apiKey: merchant.sandboxKey, baseUrl: app.origin });
});
afterAll(() => app.close());

describe("PcsClient.paymentPages", () => {
  it("creates, reads, lists, turns off and on a page, typed from the OpenAPI document", async () => {
    const page: PaymentPage = await sdk.paymentPages.create({ description: "Boutique Awa", currency: "XOF", minAmount: 500, maxPayments: 2 });
    expect(page).toMatchObject({ status: "active", amountType: "customer_chooses", minAmount: 500, maxAmount: 10_000_000, paymentsCount: 0 });
    expect(page.url).toBe(`${app.origin}/test/p/${page.reference}`);
    expect((await sdk.paymentPages.retrieve(page.reference)).reference).toBe(page.reference);
    expect(await sdk.paymentPages.listPayments(page.reference, { limit: 10 })).toEqual({ data: [], hasMore: false });
    expect((await sdk.paymentPages.deactivate(page.reference)).status).toBe("inactive");
    expect((await sdk.paymentPages.activate(page.reference)).status).toBe("active");
  });

  it("throws PcsError with the envelope's code", async () => {
    const missing = await sdk.paymentPages.retrieve("PAGE_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(PcsError);
    expect(missing).toMatchObject({ status: 404, code: 40004 });
    const invalid = await sdk.paymentPages.create({ description: "x", currency: "XOF", amount: 1000, minAmount: 500 }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 400, code: 40010 });
  });
});
