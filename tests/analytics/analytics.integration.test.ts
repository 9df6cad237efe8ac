import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { call } from "../helpers/api-client";
import { newKey, newMerchant, validLink, waitForSandboxAnswer } from "../helpers/fixtures";
import { fundMerchant } from "../helpers/fund-merchant";
import { expectLedgerBalanced } from "../helpers/ledger-invariant";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;
const analytics = (m: Merchant, query: Record<string, string>, path = "/test/api/v4/merchant/analytics", key = m.sandboxKey) =>
  call("GET", path, { key, query });
const today = () => new Date().toISOString().slice(0, 10);

afterEach(expectLedgerBalanced);

describe("merchant analytics", () => {
  let m: Merchant;
  beforeAll(async () => {
    m = await newMerchant();
    // Two completed deposits (5000 and 3000, fees 1.5 %: 75 and 45), one declined (2000).
    await fundMerchant(m.sandboxKey, [5000, 3000]);
    await call("POST", "/test/api/v4/classic/deposit/initiate", {
      key: m.sandboxKey,
      body: { amount: 2000, currency: "XOF", customerPhone: "+2250700000111", country: "CI", gatewayName: "MOOV_MONEY_CI" },
    });
    // Two links, one paid by checkout with MTN (5000, fees 75), one left pending.
    const paid = await call("POST", "/test/api/v4/payments/link", { key: m.sandboxKey, body: validLink });
    await call("POST", "/test/api/v4/payments/link", { key: m.sandboxKey, body: validLink });
    await call("POST", `/test/api/checkout/${paid.body.reference}/attempts`, {
      body: { country: "CI", gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000444" },
    });
    await waitForSandboxAnswer(paid.body.reference);
    await call("GET", `/test/api/checkout/${paid.body.reference}`);
  });

  it("counts and sums by status, gateway and day, with fees and conversion, for links and deposits", async () => {
    // Read the declined deposit so its answer is recorded.
    const declined = await db().deposit.findFirstOrThrow({ where: { merchantId: m.id, amountMinor: 2000n } });
    await call("GET", `/test/api/v4/deposits/${declined.reference}`, { key: m.sandboxKey });

    const res = await analytics(m, { currency: "XOF", from: today(), to: today() });
    expect(res.status).toBe(200);
    expect(res.body.currency).toBe("XOF");
    expect(res.body.deposits).toEqual({
      created: 3,
      byStatus: { completed: { count: 2, volume: 8000 }, failed: { count: 1, volume: 2000 } },
      completedVolume: 8000,
      feesCollected: 120,
      conversion: 0.6667,
    });
    expect(res.body.links).toEqual({
      created: 2,
      byStatus: { completed: { count: 1, volume: 5000 }, pending: { count: 1, volume: 5000 } },
      completedVolume: 5000,
      feesCollected: 75,
      conversion: 0.5,
    });
    expect(res.body.totals).toEqual({ created: 5, completed: 3, completedVolume: 13000, feesCollected: 195, conversion: 0.6 });
    expect(res.body.byGateway).toEqual([
      { gatewayName: "MTN_MOMO_CI", count: 3, completed: 3, completedVolume: 13000, feesCollected: 195 },
      { gatewayName: "MOOV_MONEY_CI", count: 1, completed: 0, completedVolume: 0, feesCollected: 0 },
    ]);
    expect(res.body.byDay).toEqual([{ date: today(), created: 5, completed: 3, completedVolume: 13000 }]);
  });

  it("is per environment and per currency: the live book and another currency are empty", async () => {
    const live = await analytics(m, { currency: "XOF" }, "/api/v4/merchant/analytics", m.liveKey);
    expect(live.status).toBe(200);
    expect(live.body.totals).toEqual({ created: 0, completed: 0, completedVolume: 0, feesCollected: 0, conversion: null });
    const eur = await analytics(m, { currency: "EUR" });
    expect(eur.body.byDay).toEqual([]);
    const other = await newMerchant();
    expect((await analytics(other, { currency: "XOF" })).body.totals.created).toBe(0);
  });

  it("a range outside the payments is empty", async () => {
    const res = await analytics(m, { currency: "XOF", from: "2025-01-01", to: "2025-01-31" });
    expect(res.status).toBe(200);
    expect(res.body.totals.created).toBe(0);
    expect(res.body.from).toBe("2025-01-01T00:00:00");
    expect(res.body.to).toBe("2025-02-01T00:00:00");
  });

  it.each([
    [{ from: "2025-01-01", to: "2026-06-01", currency: "XOF" }, 40023, /at most 366 days/],
    [{ from: "2026-02-01", to: "2026-01-01", currency: "XOF" }, 40023, /before/],
    [{ from: "yesterday", currency: "XOF" }, 40023, /ISO 8601/],
    [{ from: "2026-02-30", currency: "XOF" }, 40023, /./],
    [{ currency: "XXQ" }, 40015, /currency/],
    [{ currency: "XOF", extra: "1" }, 40023, /extra/],
  ])("refuses %j with %i", async (query, code, details) => {
    const res = await analytics(m, query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.details).toMatch(details);
  });

  it("without a currency: the default 30 days, one block per currency with activity, each in the single-currency shape", async () => {
    const res = await analytics(m, {});
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["from", "to", "currencies"]);
    // The default range: the last 30 days up to now.
    const span = Date.parse(`${res.body.to}Z`) - Date.parse(`${res.body.from}Z`);
    expect(span).toBe(30 * 86_400_000);
    expect(Math.abs(Date.parse(`${res.body.to}Z`) - Date.now())).toBeLessThan(60_000);
    expect(res.body.currencies).toHaveLength(1);
    const single = await analytics(m, { currency: "XOF", from: res.body.from, to: res.body.to });
    expect(res.body.currencies[0]).toEqual(single.body);
  });

  it("without a currency: several currencies, alphabetical; the range and the environment still apply", async () => {
    const other = await newMerchant();
    await call("POST", "/test/api/v4/payments/link", { key: other.sandboxKey, body: { ...validLink, currency: "XAF" } });
    await call("POST", "/test/api/v4/payments/link", { key: other.sandboxKey, body: { amount: 150.5, currency: "EUR", description: "Order" } });
    await call("POST", "/test/api/v4/payments/link", { key: other.sandboxKey, body: validLink });
    const res = await analytics(other, {});
    expect(res.body.currencies.map((block: { currency: string }) => block.currency)).toEqual(["EUR", "XAF", "XOF"]);
    expect(res.body.currencies[0].links.byStatus).toEqual({ pending: { count: 1, volume: 150.5 } });
    expect(res.body.currencies[0].totals.created).toBe(1);
    const past = await analytics(other, { from: "2025-01-01", to: "2025-01-31" });
    expect(past.body).toEqual({ from: "2025-01-01T00:00:00", to: "2025-02-01T00:00:00", currencies: [] });
    const live = await analytics(other, {}, "/api/v4/merchant/analytics", other.liveKey);
    expect([live.status, live.body.currencies]).toEqual([200, []]);
  });

  it("the OpenAPI document gives both shapes of the answer", async () => {
    const doc = (await call("GET", "/api/v4/openapi.json")).body;
    expect(doc.paths["/api/v4/merchant/analytics"].get.responses["200"].content["application/json"].schema.anyOf).toEqual([
      { $ref: "#/components/schemas/Analytics" },
      { $ref: "#/components/schemas/AnalyticsByCurrency" },
    ]);
    expect(doc.components.schemas.AnalyticsByCurrency.properties.currencies.items).toEqual({ $ref: "#/components/schemas/Analytics" });
  });

  it("needs the analytics:read scope", async () => {
    const { key } = await newKey(m.id, "sandbox", { scopes: ["links:read"] });
    const res = await analytics(m, { currency: "XOF" }, "/test/api/v4/merchant/analytics", key);
    expect([res.status, res.body.error.code]).toEqual([403, 40001]);
  });
});
