import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { call } from "../helpers/api-client";
import { newMerchant } from "../helpers/fixtures";
import { liveGatewaysInService, livePayoutAdapter } from "@/lib/integrations/gateways/live-adapters";

describe("GET /public/gateways/deposit/list", () => {
  it("is a bare array with exactly the spec's fields, every deposit type present in the sandbox; live, only what an operator serves here", async () => {
    const res = await call("GET", "/test/public/gateways/deposit/list");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    for (const g of res.body) {
      expect(Object.keys(g).sort()).toEqual(["allowedCountries", "allowedCurrencies", "name", "provider", "type"]);
      expect(["DIRECT", "REDIRECT", "OTP"]).toContain(g.type);
    }
    expect(new Set(res.body.map((g: { type: string }) => g.type))).toEqual(new Set(["DIRECT", "REDIRECT", "OTP"]));
    // Live (issue 50): no gateway whose payments would answer 502; here no operator is configured.
    const live = await call("GET", "/public/gateways/deposit/list");
    expect(live.status).toBe(200);
    const inService = liveGatewaysInService();
    expect(live.body).toEqual(res.body.filter((g: { name: string }) => inService.has(g.name)));
  });

  it("lists only the merchant's enabled gateways when called with its key", async () => {
    const merchant = await newMerchant();
    await db().merchantGateway.delete({
      where: { merchantId_kind_gatewayName: { merchantId: merchant.id, kind: "deposit", gatewayName: "WAVE_SN" } },
    });
    const mine = await call("GET", "/test/public/gateways/deposit/list", { key: merchant.sandboxKey });
    const all = await call("GET", "/test/public/gateways/deposit/list");
    expect(mine.body.map((g: { name: string }) => g.name)).not.toContain("WAVE_SN");
    expect(all.body.map((g: { name: string }) => g.name)).toContain("WAVE_SN");
    expect(mine.body.length).toBe(all.body.length - 1);
  });

  it("refuses an invalid key rather than silently ignoring it", async () => {
    const res = await call("GET", "/test/public/gateways/deposit/list", { key: "sk_test_doesNotExist000000000000000" });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(40002);
  });
});

describe("GET /public/gateways/withdraw/list", () => {
  it("is a bare array without a provider field", async () => {
    const res = await call("GET", "/test/public/gateways/withdraw/list");
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const g of res.body) {
      expect(Object.keys(g).sort()).toEqual(["allowedCountries", "allowedCurrencies", "name", "type"]);
      expect(["DIRECT", "MANUAL", "SCHEDULED"]).toContain(g.type);
    }
    expect(new Set(res.body.map((g: { type: string }) => g.type))).toEqual(new Set(["DIRECT", "MANUAL", "SCHEDULED"]));
    // Live: the payouts support makes by hand (MANUAL, SCHEDULED bank transfers), and DIRECT ones only with an operator that pays out.
    const live = await call("GET", "/public/gateways/withdraw/list");
    expect(live.body).toEqual(res.body.filter((g: { name: string; type: string }) => g.type !== "DIRECT" || livePayoutAdapter(g.name) !== null));
  });
});

describe("GET /api/v4/openapi.json", () => {
  it("documents every endpoint from the zod schemas", async () => {
    const res = await call("GET", "/api/v4/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        "/api/v4/payments/link",
        "/api/v4/payments/link/{reference}",
        "/public/gateways/deposit/list",
        "/public/gateways/withdraw/list",
        "/api/v4/classic/deposit/initiate",
        "/api/v4/deposit/initiate",
        "/api/v4/validation/deposit/generate-invoice",
        "/api/v4/validation/deposit",
        "/api/v4/validation/deposit/confirm",
        "/api/v4/deposits/{reference}",
      ]),
    );
    const create = res.body.paths["/api/v4/payments/link"].post;
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403", "409", "422"]));
    expect(res.body.components.schemas.CreatePaymentLinkRequest.required).toEqual(["amount", "currency", "description"]);
    expect(res.body.components.schemas.DepositRequest.required).toEqual(["amount", "currency", "customerPhone", "country", "gatewayName"]);
  });
});
