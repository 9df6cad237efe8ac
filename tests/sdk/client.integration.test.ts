import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { PcsClient, PcsError, type Analytics, type AnalyticsByCurrency, type CreatePaymentLinkRequest } from "@/sdk/src/index";
import { listen, startAppServer, type RunningServer } from "../helpers/app-server";
import { newMerchant, validDeposit, waitForSandboxAnswer } from "../helpers/fixtures";

// The SDK (sdk/) against the real app: its route handlers behind a real HTTP server, PGlite or
// PostgreSQL underneath. Retries are driven by a local proxy in front of the app that misbehaves
// on purpose (drops an answer, answers 503 or 429 first).

const validLink: CreatePaymentLinkRequest = { amount: 5000, currency: "XOF", description: "Order #1234" };

let app: RunningServer;
let merchant: Awaited<ReturnType<typeof newMerchant>>;
let sdk: PcsClient;

beforeAll(async () => {
  app = await startAppServer();
  merchant = await newMerchant();
  sdk = new PcsClient({ apiKey: merchant.sandboxKey, baseUrl: app.origin });
});
afterAll(() => app.close());

/** What the proxy does with attempt number `attempt` (1-based) of the test's requests. */
type Behaviour = (attempt: number) => "forward" | "drop-answer" | { status: number; headers?: Record<string, string>; body: unknown };

/** A proxy in front of the app that records each request's arrival time and Idempotency-Key. */
async function misbehavingProxy(behaviour: Behaviour) {
  const seen: { at: number; idempotencyKey: string | undefined; path: string }[] = [];
  const server = http.createServer(async (incoming, outgoing) => {
    seen.push({ at: Date.now(), idempotencyKey: incoming.headers["idempotency-key"] as string | undefined, path: incoming.url ?? "" });
    const action = behaviour(seen.length);
    if (typeof action === "object") {
      outgoing.writeHead(action.status, { "content-type": "application/json", ...action.headers }).end(JSON.stringify(action.body));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const headers = { ...incoming.headers } as Record<string, string>;
    delete headers.host;
    const answer = await fetch(`${app.origin}${incoming.url}`, {
      method: incoming.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const body = Buffer.from(await answer.arrayBuffer());
    // The app did the work; the client never hears of it (a lost connection).
    if (action === "drop-answer") return outgoing.socket?.destroy();
    outgoing.writeHead(answer.status, Object.fromEntries(answer.headers.entries())).end(body);
  });
  const running = await listen(server);
  return { ...running, seen };
}

const expectPcsError = async (promise: Promise<unknown>, status: number, code: number) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PcsError);
  expect({ status: (error as PcsError).status, code: (error as PcsError).code }).toEqual({ status, code });
  return error as PcsError;
};

describe("every endpoint through the SDK", () => {
  it("creates and reads a payment link in the sandbox (the key's prefix chose /test)", async () => {
    const created = await sdk.paymentLinks.create({ ...validLink, metadata: { orderId: "1234" } });
    expect(created.reference).toMatch(/^LINK_TEST_/);
    expect(created.paymentUrl).toContain("/test/pay/");
    const link = await sdk.paymentLinks.retrieve(created.reference);
    expect({ reference: link.reference, status: link.status, amount: link.amount, metadata: link.metadata }).toEqual({
      reference: created.reference,
      status: "pending",
      amount: 5000,
      metadata: { orderId: "1234" },
    });
  });

  it("initiates a DIRECT deposit, then reads it completed once the simulated phone approved", async () => {
    const deposit = await sdk.deposits.initiate(validDeposit);
    expect(deposit.reference).toMatch(/^DEP_TEST_/);
    await waitForSandboxAnswer(deposit.reference);
    const read = await sdk.deposits.retrieve(deposit.reference);
    expect(read.status).toBe("completed");
  });

  it("runs an OTP deposit: invoice, confirmation with the sandbox code, read back", async () => {
    const invoice = await sdk.deposits.generateInvoice({ ...validDeposit, gatewayName: "ORANGE_MONEY_CI" });
    expect(invoice.reference).toMatch(/^DEP_INV_TEST_/);
    const confirmed = await sdk.deposits.confirm({ trxReference: invoice.reference, otp: "123456" });
    expect(confirmed.reference).toMatch(/^DEP_VALID_TEST_/);
    expect((await sdk.deposits.retrieve(confirmed.reference)).status).toBe("completed");
  });

  it("reads the balance, pays out with a transfer and reads the transfer back", async () => {
    const funding = await sdk.deposits.initiate({ ...validDeposit, amount: 20_000 });
    await waitForSandboxAnswer(funding.reference);
    const before = (await sdk.balance.retrieve()).balances.find((b) => b.currency === "XOF");
    expect(before?.available).toBeGreaterThanOrEqual(20_000);
    const transfer = await sdk.transfers.create({
      amount: 1000,
      currency: "XOF",
      gatewayName: "MTN_MOMO_CI",
      beneficiaryPhone: "+2250700000444",
      country: "CI",
    });
    expect(transfer.reference).toMatch(/^TRF_TEST_/);
    expect((await sdk.transfers.retrieve(transfer.reference)).reference).toBe(transfer.reference);
    const after = (await sdk.balance.retrieve()).balances.find((b) => b.currency === "XOF");
    expect(after!.available).toBe(before!.available - 1000 - transfer.fees);
  });

  it("reads analytics for one currency and for all", async () => {
    const xof: Analytics = await sdk.analytics.retrieve({ currency: "XOF" });
    expect(xof.currency).toBe("XOF");
    const all: AnalyticsByCurrency = await sdk.analytics.retrieve();
    expect(all.currencies.map((c) => c.currency)).toContain("XOF");
  });

  it("lists the merchant's deposit and withdrawal gateways", async () => {
    const deposit = await sdk.gateways.listDeposit();
    expect(deposit.map((g) => g.name)).toContain("MTN_MOMO_CI");
    const withdrawal = await sdk.gateways.listWithdrawal();
    expect(withdrawal.map((g) => g.name)).toContain("MTN_MOMO_CI");
  });

  it("lists the events the merchant's resources produced, page after page, and reads one", async () => {
    const confirmOne = async () => {
      const invoice = await sdk.deposits.generateInvoice({ ...validDeposit, gatewayName: "ORANGE_MONEY_CI" });
      return sdk.deposits.confirm({ trxReference: invoice.reference, otp: "123456" });
    };
    await confirmOne();
    const confirmed = await confirmOne();
    const page = await sdk.events.list({ type: "deposit.completed", limit: 1 });
    expect(page.data).toHaveLength(1);
    const all = [];
    for await (const event of sdk.events.all({ type: "deposit.completed", limit: 1 })) all.push(event);
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(all.every((e) => e.type === "deposit.completed")).toBe(true);
    const ours = all.find((e) => e.reference === confirmed.reference);
    expect(ours).toBeDefined();
    expect((await sdk.events.retrieve(ours!.id)).payload).toEqual(ours!.payload);
  });

  it("throws a typed PcsError with code, message, details, status and request id", async () => {
    const error = await expectPcsError(sdk.paymentLinks.retrieve("LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K"), 404, 40004);
    expect(error.message).toBe("Resource not found");
    expect(error.requestId).toMatch(/^req_/);
    const invalid = await expectPcsError(sdk.paymentLinks.create({ ...validLink, amount: 50 }), 400, 40010);
    expect(invalid.details).toMatch(/amount/);
  });

  it("uses production without /test for a live key (which the sandbox would refuse)", async () => {
    const live = new PcsClient({ apiKey: merchant.liveKey, baseUrl: app.origin });
    const created = await live.paymentLinks.create(validLink);
    expect(created.reference).toMatch(/^LINK_[0-9A-Z]{26}$/);
    expect(() => new PcsClient({ apiKey: "pk_whatever", baseUrl: app.origin })).toThrow(/sk_test_/);
  });
});

describe("retries", () => {
  const linksOf = (merchantId: string) => db().paymentLink.count({ where: { merchantId } });

  it("retries a create whose answer was lost with the same Idempotency-Key: one link", async () => {
    const m = await newMerchant();
    const proxy = await misbehavingProxy((attempt) => (attempt === 1 ? "drop-answer" : "forward"));
    try {
      const client = new PcsClient({ apiKey: m.sandboxKey, baseUrl: proxy.origin });
      const link = await client.paymentLinks.create(validLink);
      expect(proxy.seen).toHaveLength(2);
      expect(proxy.seen[0].idempotencyKey).toBeTruthy();
      expect(proxy.seen[1].idempotencyKey).toBe(proxy.seen[0].idempotencyKey);
      expect(proxy.seen[1].at - proxy.seen[0].at).toBeGreaterThanOrEqual(1000);
      expect(await linksOf(m.id)).toBe(1);
      expect((await client.paymentLinks.retrieve(link.reference)).reference).toBe(link.reference);
    } finally {
      await proxy.close();
    }
  });

  it("retries 503 answers with 1 s then 2 s back-off, and a new create gets a new key", async () => {
    const m = await newMerchant();
    const unavailable = { status: 503, body: { error: { code: 50300, message: "Service temporarily unavailable" } } };
    const proxy = await misbehavingProxy((attempt) => (attempt <= 2 ? unavailable : "forward"));
    try {
      const client = new PcsClient({ apiKey: m.sandboxKey, baseUrl: proxy.origin });
      await client.paymentLinks.create(validLink);
      expect(proxy.seen).toHaveLength(3);
      expect(new Set(proxy.seen.map((s) => s.idempotencyKey)).size).toBe(1);
      expect(proxy.seen[1].at - proxy.seen[0].at).toBeGreaterThanOrEqual(1000);
      expect(proxy.seen[2].at - proxy.seen[1].at).toBeGreaterThanOrEqual(2000);
      await client.paymentLinks.create(validLink);
      expect(proxy.seen[3].idempotencyKey).not.toBe(proxy.seen[0].idempotencyKey);
      expect(await linksOf(m.id)).toBe(2);
    } finally {
      await proxy.close();
    }
  });

  it("honours Retry-After on a 429 (2 s, longer than the first back-off)", async () => {
    const limited = { status: 429, headers: { "retry-after": "2" }, body: { error: { code: 42900, message: "Too many requests" } } };
    const proxy = await misbehavingProxy((attempt) => (attempt === 1 ? limited : "forward"));
    try {
      const client = new PcsClient({ apiKey: merchant.sandboxKey, baseUrl: proxy.origin });
      await client.balance.retrieve();
      expect(proxy.seen).toHaveLength(2);
      expect(proxy.seen[1].at - proxy.seen[0].at).toBeGreaterThanOrEqual(2000);
    } finally {
      await proxy.close();
    }
  });

  it("stops after the fifth attempt and throws the last answer", async () => {
    const failing = { status: 500, body: { error: { code: 50000, message: "Internal server error" } } };
    const proxy = await misbehavingProxy(() => failing);
    try {
      const client = new PcsClient({ apiKey: merchant.sandboxKey, baseUrl: proxy.origin, baseDelayMs: 10 });
      await expectPcsError(client.balance.retrieve(), 500, 50000);
      expect(proxy.seen).toHaveLength(5);
    } finally {
      await proxy.close();
    }
  });

  it("never retries another 4xx", async () => {
    const proxy = await misbehavingProxy(() => "forward");
    try {
      const client = new PcsClient({ apiKey: merchant.sandboxKey, baseUrl: proxy.origin });
      await expectPcsError(client.paymentLinks.create({ ...validLink, currency: "ABC" as "XOF" }), 400, 40015);
      await expectPcsError(client.deposits.retrieve("DEP_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K"), 404, 40004);
      expect(proxy.seen).toHaveLength(2);
    } finally {
      await proxy.close();
    }
  });
});
