import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { createPaymentLink } from "@/lib/features/links/create-payment-link";
import { call, ORIGIN } from "../helpers/api-client";
import { newKey, newMerchant } from "../helpers/fixtures";

// Issue 36, part 1: payment pages, the resource. One reusable URL or shop QR code that many
// customers pay; each payment is an ordinary payment link made from the page (paymentPage).

const WHOLE_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const validPage = { description: "Boutique Awa", currency: "XOF" };
let merchant: Awaited<ReturnType<typeof newMerchant>>;

beforeAll(async () => {
  merchant = await newMerchant();
});

const create = (body: unknown, options: { key?: string; path?: string; headers?: Record<string, string> } = {}) =>
  call("POST", options.path ?? "/test/api/v4/payments/page", { key: options.key ?? merchant.sandboxKey, body, headers: options.headers });
const read = (reference: string, key = merchant.sandboxKey, prefix = "/test") => call("GET", `${prefix}/api/v4/payments/page/${reference}`, { key });
const pageCount = (merchantId = merchant.id) => db().paymentPage.count({ where: { merchantId } });

/** A payment link made from a page for one customer, as part 2's checkout will; `paid` marks it paid as a settled attempt does. */
async function pageLink(pageReference: string, amount: number, state: "pending" | "paid" | "failed" | "expired" = "paid") {
  const page = await db().paymentPage.findUniqueOrThrow({ where: { reference: pageReference } });
  const link = await createPaymentLink(db(), {
    merchantId: page.merchantId,
    environment: page.environment,
    input: { amount, currency: page.currency as "XOF", description: page.description, expiresIn: 1800 },
    paymentPageReference: page.reference,
  });
  if (state === "paid") await db().paymentLink.update({ where: { id: link.id }, data: { status: "completed", completedAt: new Date(), paidByDepositId: `dep_${link.id}` } });
  if (state === "failed") await db().paymentLink.update({ where: { id: link.id }, data: { status: "failed", failedAt: new Date() } });
  if (state === "expired") await db().paymentLink.update({ where: { id: link.id }, data: { status: "expired", expiredAt: new Date() } });
  return link;
}

describe("POST /api/v4/payments/page", () => {
  it("creates a sandbox page at a set price, active, with its public URL and QR codes", async () => {
    const res = await create({ ...validPage, amount: 2500, metadata: { shop: "Cocody" } });
    expect(res.status).toBe(200);
    const { reference } = res.body;
    expect(reference).toMatch(/^PAGE_TEST_[0-9A-Z]{26}$/);
    expect(res.body).toEqual({
      reference,
      url: `${ORIGIN}/test/p/${reference}`,
      slug: null,
      shortUrl: null,
      qrCodeUrl: `${ORIGIN}/test/p/${reference}/qr.png`,
      qrCodeSvgUrl: `${ORIGIN}/test/p/${reference}/qr.svg`,
      status: "active",
      description: "Boutique Awa",
      currency: "XOF",
      amountType: "fixed",
      amount: 2500,
      minAmount: null,
      maxAmount: null,
      maxPayments: null,
      paymentsCount: 0,
      amountCollected: 0,
      callbackUrl: null,
      returnUrl: null,
      metadata: { shop: "Cocody" },
      createdAt: expect.stringMatching(WHOLE_SECONDS),
      expiresAt: null,
    });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("creates a live page without the TEST marker, under the live path", async () => {
    const res = await create(validPage, { key: merchant.liveKey, path: "/api/v4/payments/page" });
    expect(res.status).toBe(200);
    expect(res.body.reference).toMatch(/^PAGE_[0-9A-Z]{26}$/);
    expect(res.body.url).toBe(`${ORIGIN}/p/${res.body.reference}`);
    // Short enough for a coarse QR code.
    expect(res.body.url.length - ORIGIN.length).toBeLessThan(40);
  });

  it("lets the customer choose: the link's limits by default, or the merchant's range", async () => {
    const open = await create(validPage);
    expect(open.body).toMatchObject({ amountType: "customer_chooses", amount: null, minAmount: 100, maxAmount: 10_000_000 });
    const ranged = await create({ ...validPage, minAmount: 500, maxAmount: 50_000, maxPayments: 3 });
    expect(ranged.body).toMatchObject({ amountType: "customer_chooses", amount: null, minAmount: 500, maxAmount: 50_000, maxPayments: 3 });
    const onlyMin = await create({ ...validPage, minAmount: 1000 });
    expect(onlyMin.body).toMatchObject({ minAmount: 1000, maxAmount: 10_000_000 });
    const euros = await create({ ...validPage, currency: "EUR", minAmount: 100.5, maxAmount: 250.25 });
    expect(euros.body).toMatchObject({ currency: "EUR", minAmount: 100.5, maxAmount: 250.25 });
    const row = await db().paymentPage.findUniqueOrThrow({ where: { reference: euros.body.reference } });
    expect([row.minAmountMinor, row.maxAmountMinor, row.amountMinor]).toEqual([10050n, 25025n, null]);
  });

  it("accepts every optional field and the bounds themselves", async () => {
    const res = await create({
      description: "x".repeat(500),
      currency: "EUR",
      amount: 10_000_000,
      maxPayments: 1_000_000,
      expiresIn: 5,
      callbackUrl: "https://merchant.example/hook",
      returnUrl: "http://localhost:3000/thanks",
      metadata: { a: 1 },
    });
    expect(res.status).toBe(200);
    expect(Date.parse(`${res.body.expiresAt}Z`) - Date.parse(`${res.body.createdAt}Z`)).toBe(5000);
    expect(res.body).toMatchObject({ callbackUrl: "https://merchant.example/hook", returnUrl: "http://localhost:3000/thanks", maxPayments: 1_000_000 });
    expect((await create({ ...validPage, amount: 100, maxPayments: 1, expiresIn: 366 * 86400 })).status).toBe(200);
  });

  const invalid: [string, unknown, number, string][] = [
    ["description missing", { currency: "XOF" }, 40023, "description is required"],
    ["description empty", { ...validPage, description: "   " }, 40023, "description"],
    ["description too long", { ...validPage, description: "x".repeat(501) }, 40023, "description"],
    ["description not a string", { ...validPage, description: 12 }, 40023, "description must be a string"],
    ["currency missing", { description: "x" }, 40015, "currency is required"],
    ["unsupported currency", { ...validPage, currency: "NGN" }, 40015, "currency"],
    ["amount below 100", { ...validPage, amount: 99 }, 40010, "amount"],
    ["amount above 10,000,000", { ...validPage, amount: 10_000_001 }, 40010, "amount"],
    ["amount as a string", { ...validPage, amount: "2500" }, 40010, "amount must be a number"],
    ["decimals on XOF", { ...validPage, amount: 2500.5 }, 40010, "amount has more decimals than XOF allows"],
    ["minAmount with amount", { ...validPage, amount: 2500, minAmount: 100 }, 40010, "minAmount must not be given with amount"],
    ["maxAmount with amount", { ...validPage, amount: 2500, maxAmount: 5000 }, 40010, "maxAmount must not be given with amount"],
    ["minAmount above maxAmount", { ...validPage, minAmount: 5000, maxAmount: 1000 }, 40010, "minAmount must not be greater than maxAmount"],
    ["minAmount below the link's minimum", { ...validPage, minAmount: 50 }, 40010, "minAmount must be at least 100"],
    ["maxAmount above the link's maximum", { ...validPage, maxAmount: 20_000_000 }, 40010, "maxAmount must be at most 10000000"],
    ["decimals on a XOF minAmount", { ...validPage, minAmount: 100.5 }, 40010, "minAmount has more decimals"],
    ["maxPayments zero", { ...validPage, maxPayments: 0 }, 40023, "maxPayments must be at least 1"],
    ["maxPayments a fraction", { ...validPage, maxPayments: 1.5 }, 40023, "maxPayments must be a whole number"],
    ["maxPayments a string", { ...validPage, maxPayments: "2" }, 40023, "maxPayments must be a number"],
    ["expiresIn below the sandbox minimum", { ...validPage, expiresIn: 4 }, 40023, "expiresIn must be at least 5"],
    ["expiresIn over 366 days", { ...validPage, expiresIn: 366 * 86400 + 1 }, 40023, "expiresIn must be at most"],
    ["http callbackUrl", { ...validPage, callbackUrl: "http://merchant.example/hook" }, 40021, "callbackUrl"],
    ["returnUrl not http(s)", { ...validPage, returnUrl: "ftp://merchant.example" }, 40023, "returnUrl"],
    ["metadata an array", { ...validPage, metadata: [1] }, 40023, "metadata"],
    ["unknown field", { ...validPage, customerPhone: "+2250700000000" }, 40023, "unknown field 'customerPhone'"],
    ["body an array", [validPage], 40023, "body must be a JSON object"],
  ];
  it.each(invalid)("refuses %s with %i and writes nothing", async (_name, body, code, details) => {
    const before = await pageCount();
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect(typeof res.body.error.message).toBe("string");
    expect(res.body.error.details).toContain(details);
    expect(await pageCount()).toBe(before);
  });

  it("applies the production minimum to expiresIn in production", async () => {
    const res = await create({ ...validPage, expiresIn: 299 }, { key: merchant.liveKey, path: "/api/v4/payments/page" });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 40023, details: expect.stringContaining("expiresIn must be at least 300") });
  });

  it("answers a body that is not JSON with 40016, and no page is written", async () => {
    const before = await pageCount();
    const res = await call("POST", "/test/api/v4/payments/page", { key: merchant.sandboxKey, rawBody: "{nope" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(40016);
    expect(await pageCount()).toBe(before);
  });
});

describe("GET /api/v4/payments/page/{reference}", () => {
  it("reads the page as it was created", async () => {
    const created = await create({ ...validPage, amount: 1000, maxPayments: 5, expiresIn: 3600, callbackUrl: "https://merchant.example/hook" });
    const res = await read(created.body.reference);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created.body);
  });

  it("counts completed payments only: an abandoned, failed or expired attempt never counts", async () => {
    const { body: page } = await create(validPage);
    await pageLink(page.reference, 2500, "paid");
    await pageLink(page.reference, 1000, "paid");
    await pageLink(page.reference, 7000, "pending");
    await pageLink(page.reference, 8000, "failed");
    await pageLink(page.reference, 9000, "expired");
    const res = await read(page.reference);
    expect(res.body).toMatchObject({ status: "active", paymentsCount: 2, amountCollected: 3500 });
  });

  it("keeps minor units exact in the total", async () => {
    const { body: page } = await create({ ...validPage, currency: "EUR" });
    await pageLink(page.reference, 100.1, "paid");
    await pageLink(page.reference, 100.2, "paid");
    expect((await read(page.reference)).body.amountCollected).toBe(200.3);
  });

  it("reads exhausted once maxPayments payments completed", async () => {
    const { body: page } = await create({ ...validPage, maxPayments: 2 });
    await pageLink(page.reference, 2500, "paid");
    expect((await read(page.reference)).body.status).toBe("active");
    await pageLink(page.reference, 1000, "paid");
    expect((await read(page.reference)).body).toMatchObject({ status: "exhausted", paymentsCount: 2, amountCollected: 3500 });
  });

  it("reads expired from expiresAt, whatever the switch", async () => {
    const { body: page } = await create({ ...validPage, expiresIn: 5 });
    await db().paymentPage.update({ where: { reference: page.reference }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await read(page.reference)).body.status).toBe("expired");
    await call("POST", `/test/api/v4/payments/page/${page.reference}/deactivate`, { key: merchant.sandboxKey });
    expect((await read(page.reference)).body.status).toBe("expired");
  });

  it("answers another merchant's page, the other environment's and an unknown one alike: 404/40004", async () => {
    const { body: page } = await create(validPage);
    const other = await newMerchant();
    const answers = [
      await read(page.reference, other.sandboxKey),
      await read(page.reference.replace("PAGE_TEST_", "PAGE_"), merchant.liveKey, ""),
      await read(page.reference, merchant.liveKey, ""),
      await read("PAGE_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K"),
      await call("GET", `/test/api/v4/payments/page/${page.reference}/payments`, { key: other.sandboxKey }),
      await call("POST", `/test/api/v4/payments/page/${page.reference}/deactivate`, { key: other.sandboxKey }),
      await call("POST", `/test/api/v4/payments/page/${page.reference}/activate`, { key: other.sandboxKey }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe(40004);
    }
    // The other merchant's attempt changed nothing.
    expect((await read(page.reference)).body.status).toBe("active");
  });
});

describe("POST /api/v4/payments/page/{reference}/deactivate and /activate", () => {
  const action = (reference: string, verb: "activate" | "deactivate", key = merchant.sandboxKey) =>
    call("POST", `/test/api/v4/payments/page/${reference}/${verb}`, { key });

  it("turns a page off and on, idempotently, answering the page", async () => {
    const { body: page } = await create(validPage);
    const off = await action(page.reference, "deactivate");
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ reference: page.reference, status: "inactive" });
    expect((await action(page.reference, "deactivate")).body.status).toBe("inactive");
    expect((await read(page.reference)).body.status).toBe("inactive");
    const on = await action(page.reference, "activate");
    expect(on.body.status).toBe("active");
    expect((await action(page.reference, "activate")).body.status).toBe("active");
    expect((await read(page.reference)).body.status).toBe("active");
  });

  it("keeps the counts of a page turned off", async () => {
    const { body: page } = await create(validPage);
    await pageLink(page.reference, 2500, "paid");
    expect((await action(page.reference, "deactivate")).body).toMatchObject({ status: "inactive", paymentsCount: 1, amountCollected: 2500 });
  });

  it("refuses to turn on an expired or exhausted page: 400/40020", async () => {
    const { body: expiring } = await create({ ...validPage, expiresIn: 5 });
    await action(expiring.reference, "deactivate");
    await db().paymentPage.update({ where: { reference: expiring.reference }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await action(expiring.reference, "activate");
    expect(expired.status).toBe(400);
    expect(expired.body.error).toMatchObject({ code: 40020, details: expect.stringContaining("expired") });

    const { body: capped } = await create({ ...validPage, maxPayments: 1 });
    await pageLink(capped.reference, 500, "paid");
    const exhausted = await action(capped.reference, "activate");
    expect(exhausted.status).toBe(400);
    expect(exhausted.body.error).toMatchObject({ code: 40020, details: expect.stringContaining("exhausted") });
    // Turning it off is always allowed.
    expect((await action(capped.reference, "deactivate")).status).toBe(200);
  });

  it("works in production as in the sandbox, each with its own keys", async () => {
    const { body: page } = await create(validPage, { key: merchant.liveKey, path: "/api/v4/payments/page" });
    const off = await call("POST", `/api/v4/payments/page/${page.reference}/deactivate`, { key: merchant.liveKey });
    expect(off.body.status).toBe("inactive");
    const wrongWorld = await call("POST", `/test/api/v4/payments/page/${page.reference}/activate`, { key: merchant.sandboxKey });
    expect(wrongWorld.status).toBe(404);
  });

  it("answers GET with 400/40017 and an Allow header", async () => {
    const { body: page } = await create(validPage);
    const res = await call("GET", `/test/api/v4/payments/page/${page.reference}/activate`, { key: merchant.sandboxKey });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(40017);
    expect(res.headers.get("allow")).toContain("POST");
  });
});

describe("GET /api/v4/payments/page/{reference}/payments", () => {
  const list = (reference: string, query?: Record<string, string>, key = merchant.sandboxKey) =>
    call("GET", `/test/api/v4/payments/page/${reference}/payments`, { key, query });

  it("lists the page's links newest first, by cursor pages, each naming its page", async () => {
    const { body: page } = await create(validPage);
    const { body: otherPage } = await create(validPage);
    const made = [];
    for (const amount of [100, 200, 300, 400, 500]) made.push(await pageLink(page.reference, amount, amount === 300 ? "pending" : "paid"));
    await pageLink(otherPage.reference, 999);
    const newestFirst = made.map((l) => l.reference).reverse();

    const first = await list(page.reference, { limit: "2" });
    expect(first.status).toBe(200);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.data.map((l: { reference: string }) => l.reference)).toEqual(newestFirst.slice(0, 2));
    expect(first.body.data[0]).toMatchObject({ amount: 500, currency: "XOF", status: "completed", paymentPage: page.reference, attempts: [] });

    const walked: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const res = await list(page.reference, { limit: "2", ...(cursor ? { startingAfter: cursor } : {}) });
      walked.push(...res.body.data.map((l: { reference: string }) => l.reference));
      if (!res.body.hasMore) break;
      cursor = walked[walked.length - 1];
    }
    expect(walked).toEqual(newestFirst);
    const all = await list(page.reference);
    expect(all.body).toMatchObject({ hasMore: false });
    expect(all.body.data).toHaveLength(5);
    expect(all.body.data.find((l: { amount: number }) => l.amount === 300).status).toBe("pending");
  });

  it("gives the page's reference on the link's own read; an ordinary link has none", async () => {
    const { body: page } = await create(validPage);
    const link = await pageLink(page.reference, 2500, "pending");
    const res = await call("GET", `/test/api/v4/payments/link/${link.reference}`, { key: merchant.sandboxKey });
    expect(res.body.paymentPage).toBe(page.reference);
  });

  it("answers an empty page of a page without payments", async () => {
    const { body: page } = await create(validPage);
    expect((await list(page.reference)).body).toEqual({ data: [], hasMore: false });
  });

  it.each([
    ["limit 0", { limit: "0" }, "limit must be a whole number from 1 to 100"],
    ["limit 101", { limit: "101" }, "limit"],
    ["limit not a number", { limit: "ten" }, "limit"],
    ["a cursor that is no link reference", { startingAfter: "nope" }, "startingAfter must be a payment link reference"],
    ["an unknown parameter", { status: "completed" }, "unknown field 'status'"],
  ])("refuses %s: 400/40023", async (_name, query, details) => {
    const { body: page } = await create(validPage);
    const res = await list(page.reference, query);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 40023, details: expect.stringContaining(details) });
  });
});

describe("scopes and keys", () => {
  it("needs links:write to create and switch, links:read to read and list: 403/40001 otherwise", async () => {
    const { body: page } = await create(validPage);
    const reader = await newKey(merchant.id, "sandbox", { scopes: ["links:read"] });
    const writer = await newKey(merchant.id, "sandbox", { scopes: ["links:write"] });
    const forbidden = [
      await create(validPage, { key: reader.key }),
      await call("POST", `/test/api/v4/payments/page/${page.reference}/deactivate`, { key: reader.key }),
      await call("POST", `/test/api/v4/payments/page/${page.reference}/activate`, { key: reader.key }),
      await read(page.reference, writer.key),
      await call("GET", `/test/api/v4/payments/page/${page.reference}/payments`, { key: writer.key }),
    ];
    for (const res of forbidden) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe(40001);
    }
    expect((await read(page.reference, reader.key)).status).toBe(200);
    expect((await create(validPage, { key: writer.key })).status).toBe(200);
  });

  it("401/40002 without a key, or with the other environment's key", async () => {
    const none = await call("POST", "/test/api/v4/payments/page", { body: validPage });
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe(40002);
    const live = await create(validPage, { key: merchant.liveKey });
    expect(live.status).toBe(401);
    expect(live.body.error.code).toBe(40002);
  });
});

describe("Idempotency-Key", () => {
  it("replays the first response for the same key and body, and refuses another body: 422/40020", async () => {
    const headers = { "idempotency-key": `page-${Date.now()}` };
    const first = await create({ ...validPage, amount: 2500 }, { headers });
    const again = await create({ ...validPage, amount: 2500 }, { headers });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    const other = await create({ ...validPage, amount: 3000 }, { headers });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe(40020);
  });

  it("does not share keys with payment links: the same key makes a page and a link", async () => {
    const headers = { "idempotency-key": `shared-${Date.now()}` };
    expect((await create({ ...validPage, amount: 2500 }, { headers })).body.reference).toMatch(/^PAGE_TEST_/);
    const link = await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: { amount: 2500, currency: "XOF", description: "x" }, headers });
    expect(link.body.reference).toMatch(/^LINK_TEST_/);
  });

  it("creates exactly one page for 10 concurrent identical requests", async () => {
    const fresh = await newMerchant();
    const headers = { "idempotency-key": `concurrent-${Date.now()}` };
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(validPage, { key: fresh.sandboxKey, headers })));
    const references = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.reference));
    expect(references.size).toBe(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(await pageCount(fresh.id)).toBe(1);
  });
});

describe("the page's QR code: GET /p/{reference}/qr.png and qr.svg", () => {
  it("serves the page's URL as PNG and SVG, publicly, in its own environment only", async () => {
    const { body: page } = await create(validPage);
    const png = await call("GET", new URL(page.qrCodeUrl).pathname);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    const svg = await call("GET", new URL(page.qrCodeSvgUrl).pathname);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(svg.body).toContain("<svg");

    for (const path of [`/p/${page.reference}/qr.png`, "/test/p/PAGE_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K/qr.svg", "/test/p/nope/qr.png"]) {
      const res = await call("GET", path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe(40004);
    }
  });
});
