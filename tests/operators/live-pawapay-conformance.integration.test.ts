import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { liveGatewayRoutes } from "@/lib/features/activation/live-gateway-routes";
import { checkoutGateways } from "@/lib/features/checkout/checkout-gateways";
import { listCheckoutPageGateways } from "@/lib/features/checkout/checkout-page-queries";
import { announcedDepositStates } from "@/lib/integrations/gateways/operators/announced-states";
import { transitionDeposit } from "@/lib/features/deposits/transition-deposit";
import { reconcileOperatorOutcomes } from "@/lib/features/reconciliation/reconcile-operator-outcomes";
import { call } from "../helpers/api-client";
import { startAppServer, type RunningServer } from "../helpers/app-server";
import { availableBalance, fundLiveMerchant } from "../helpers/fund-merchant";
import { merchantCheckedAfterEach } from "../helpers/reconciled";
import { pawapayFakeEnv } from "../fakes/start-operator-fakes";
import { pawapaySignedHeaders, startPawapayFake, type PawapayFake, type PawapayScript } from "../fakes/pawapay-fake";

// Issue 50's done-when for pawaPay, the aggregator (docs/operators.md, "pawaPay"): with no direct
// operator configured, pawaPay serves Moov Money Benin and Free Money Senegal. A live checkout
// payment, a payout and a refund each make exactly one pawaPay transaction and one record of ours,
// across a 5xx, a timeout, a duplicate and a late callback; the fake's signed callbacks reach the
// app over real HTTP (PAYMENT_BASE_URL is the app server: the signed @authority); a forged or
// unsigned callback changes nothing. pawaPay's fee (our contract's price, PAWAPAY_FEES: its
// answers carry none) is booked once with each completion, out of our fee.

// These tests make pawaPay fail on purpose: a process-wide circuit would open for the tests after
// them (the circuit itself is the shared one, tested with MTN in live-mtn-deposits).
vi.mock("@/lib/integrations/gateways/operators/circuit-breaker", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/integrations/gateways/operators/circuit-breaker")>();
  const neverOpens = actual.createOperatorBreaker("pawapay", { volumeThreshold: Number.MAX_SAFE_INTEGER });
  return { ...actual, operatorBreaker: () => neverOpens };
});

/** Our contract's price at pawaPay, as the setting says it: Free Money payouts cost more. */
const FEES = "deposit=1.5%, payout=1%, refund=1%, payout@FREE_MONEY_SN=2%";

let fake: PawapayFake;
let app: RunningServer;
const saved = { ...process.env };
const callbackPath = "/api/operators/pawapay/callback";

beforeAll(async () => {
  [fake, app] = await Promise.all([startPawapayFake(), startAppServer()]);
  Object.assign(process.env, pawapayFakeEnv(fake), { PAYMENT_BASE_URL: app.origin, OPERATOR_TIMEOUT_MS: "1000", PAWAPAY_FEES: FEES });
  fake.sendCallbacksTo(`${app.origin}${callbackPath}`);
});
afterAll(async () => {
  process.env = saved;
  await Promise.all([fake.close(), app.close()]);
});

const merchant = merchantCheckedAfterEach();
const liveKey = () => merchant().liveKey;
const at = (ms: number) => new Date(Date.now() + ms);
/** The reconciliation's pass, reading every open outcome now. */
const reconcileNow = () => reconcileOperatorOutcomes(db(), new Date(), { all: true });

let phones = 0;
/** A fresh number in Benin (229) or Senegal (221) whose behaviour at pawaPay is scripted. */
function phone(dial: "229" | "221", script: PawapayScript = {}) {
  const digits = `${dial}${dial === "229" ? "0197" : "77"}${String(Date.now() % 1e4).padStart(4, "0")}${String(++phones % 100).padStart(2, "0")}`;
  fake.script(digits, script);
  return `+${digits}`;
}
const recordsOf = (kind: "deposit" | "payout" | "refund", id: string | null) => [...fake.records.values()].filter((r) => r.kind === kind && r.id === id);
const posts = (kind: "deposits" | "payouts" | "refunds") => fake.received.filter((r) => r.method === "POST" && r.path === `/v2/${kind}`);
const postsFor = (kind: "deposits" | "payouts" | "refunds", id: string | null) => posts(kind).filter((r) => JSON.parse(r.body)[`${kind.slice(0, -1)}Id`] === id);
const reads = () => fake.received.filter((r) => r.method === "GET").length;
const events = async (reference: string) => (await db().webhookEvent.findMany({ where: { reference }, orderBy: { id: "asc" } })).map((e) => e.type);

async function liveLink() {
  const res = await call("POST", "/api/v4/payments/link", { key: liveKey(), body: { amount: 5000, currency: "XOF", description: "Order 50", callbackUrl: "https://hooks.invalid/links" } });
  expect(res.status).toBe(200);
  return res.body.reference as string;
}
/** The customer's checkout (its JSON API) starts a Moov Money Benin attempt. */
async function payWithMoov(link: string, customerPhone: string) {
  const res = await call("POST", `/api/checkout/${link}/attempts`, {
    body: { country: "BJ", gatewayName: "MOOV_MONEY_BJ", customerPhone },
    headers: { "x-forwarded-for": `10.50.${phones % 250}.${(phones * 7) % 250}` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return db().deposit.findFirstOrThrow({ where: { paymentLink: { reference: link } }, orderBy: { createdAt: "desc" } });
}
/** The ledger lines of one kind for a reference, by account. */
async function linesOf(kind: string, reference: string) {
  const entries = await db().ledgerEntry.findMany({ where: { kind, reference }, orderBy: { account: "asc" } });
  return entries.map((e) => [e.journalId === entries[0].journalId ? "one journal" : "another journal", e.account, e.amountMinor]);
}
const linkStatus = async (link: string) => (await db().paymentLink.findUniqueOrThrow({ where: { reference: link } })).status;

/** pawaPay's callback for a record, as pawaPay would sign it (or signed by `key`), POSTed to the app over HTTP. */
async function postCallback(body: object, options: { key?: Parameters<typeof pawapaySignedHeaders>[2]; unsigned?: boolean } = {}) {
  const url = new URL(`${app.origin}${callbackPath}`);
  const text = JSON.stringify(body);
  const headers = options.unsigned ? { "content-type": "application/json" } : pawapaySignedHeaders(url, text, options.key ?? fake.keys.privateKey);
  return fetch(url, { method: "POST", headers, body: text });
}

describe("going live with pawaPay", () => {
  it("the activation page says which methods are served through pawaPay, directly, or not yet; the live lists show only those in service", async () => {
    const routes = Object.fromEntries((await liveGatewayRoutes(db(), merchant().id)).map((r) => [r.name, [r.route, r.operator]]));
    expect(routes).toMatchObject({
      MOOV_MONEY_BJ: ["aggregator", "pawaPay"],
      MTN_MOMO_BJ: ["aggregator", "pawaPay"],
      FREE_MONEY_SN: ["aggregator", "pawaPay"],
      WAVE_CI: ["none", null],
      TMONEY_TG: ["none", null],
    });
    const names = async (path: string, key: string | undefined = liveKey()) => ((await call("GET", path, { key })).body as { name: string }[]).map((g) => g.name);
    const live = await names("/public/gateways/deposit/list");
    expect(live).toEqual(expect.arrayContaining(["MOOV_MONEY_BJ", "MOOV_MONEY_BF", "FREE_MONEY_SN", "MTN_MOMO_BJ"]));
    expect(live).not.toContain("WAVE_CI");
    expect(live).not.toContain("TMONEY_TG");
    expect(await names("/public/gateways/deposit/list", undefined)).not.toContain("WAVE_CI");
    expect(await names("/test/public/gateways/deposit/list", merchant().sandboxKey)).toEqual(expect.arrayContaining(["WAVE_CI", "TMONEY_TG", "MOOV_MONEY_BJ"]));
    // Payouts: FREE_MONEY_SN through pawaPay; bank transfers and MANUAL ones need no operator; WAVE_CI none here.
    const payouts = await names("/public/gateways/withdraw/list");
    expect(payouts).toEqual(expect.arrayContaining(["FREE_MONEY_SN", "MTN_MOMO_BJ", "BANK_TRANSFER_UEMOA", "TMONEY_TG"]));
    expect(payouts).not.toContain("WAVE_CI");
  });
});

describe("a live Moov Money Benin payment through the checkout, served by pawaPay", () => {
  it("is offered in Benin (pawaPay serves it: no direct Moov operator), paid once, its signed callbacks (twice) read back", async () => {
    const link = await liveLink();
    const row = await db().paymentLink.findUniqueOrThrow({ where: { reference: link } });
    const offered = (await checkoutGateways(db(), row)).flatMap((c) => c.gateways.map((g) => g.name));
    expect(offered).toEqual(expect.arrayContaining(["MOOV_MONEY_BJ", "MTN_MOMO_BJ", "FREE_MONEY_SN"]));
    expect(offered).not.toContain("WAVE_CI");
    expect(offered).not.toContain("TMONEY_TG");

    const deposit = await payWithMoov(link, phone("229", { callback: "duplicate" }));
    expect(recordsOf("deposit", deposit.operatorRequestId)).toHaveLength(1);
    const [record] = recordsOf("deposit", deposit.operatorRequestId);
    expect(record).toMatchObject({ provider: "MOOV_BEN", amount: String(deposit.amountMinor + deposit.feesMinor), currency: "XOF", clientReferenceId: deposit.reference });

    await fake.settle();
    expect(fake.callbacks.filter((c) => c.id === deposit.operatorRequestId).map((c) => c.status)).toEqual([200, 200]);
    await expect.poll(() => linkStatus(link), { timeout: 15_000 }).toBe("completed");
    const paid = await db().deposit.findUniqueOrThrow({ where: { id: deposit.id } });
    expect(paid).toMatchObject({ status: "completed", operatorReference: record.providerTransactionId });
    expect(await db().deposit.count({ where: { paymentLink: { reference: link } } })).toBe(1);
    expect(postsFor("deposits", deposit.operatorRequestId)).toHaveLength(1);
    expect(await events(link)).toEqual(["payment_link.completed"]);
    expect(await availableBalance(liveKey())).toBe(5000);
    // pawaPay's 1.5% of what it took (amount + our fees), rounded half up, once for two callbacks.
    const fee = (((deposit.amountMinor + deposit.feesMinor) * 15n) / 100n + 5n) / 10n;
    expect(paid.operatorFeeMinor).toBe(fee);
    expect(await linesOf("operator_fee", deposit.reference)).toEqual([
      ["one journal", "platform_fees", -fee],
      ["one journal", "world", fee],
    ]);
  });

  it("pawaPay's fee is booked once when its callbacks and the reconciliation read the same success side by side", async () => {
    const link = await liveLink();
    const deposit = await payWithMoov(link, phone("229", { callback: "none" }));
    await fake.settle();
    const [record] = recordsOf("deposit", deposit.operatorRequestId);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => postCallback({ depositId: record.id, status: "COMPLETED" }).then((res) => res.status)),
      reconcileNow().then(() => 200),
      reconcileNow().then(() => 200),
    ]);
    expect(answers).toEqual(Array(6).fill(200));
    await expect.poll(() => linkStatus(link), { timeout: 15_000 }).toBe("completed");
    const paid = await db().deposit.findUniqueOrThrow({ where: { id: deposit.id } });
    expect(paid.operatorFeeMinor).toBeGreaterThan(0n);
    expect(await linesOf("operator_fee", deposit.reference)).toEqual([
      ["one journal", "platform_fees", -paid.operatorFeeMinor!],
      ["one journal", "world", paid.operatorFeeMinor],
    ]);
    const credited = await db().ledgerEntry.findMany({ where: { reference: link, kind: "link_completed" } });
    expect(new Set(credited.map((e) => e.journalId)).size).toBe(1);
  });

  it("a provider pawaPay announces CLOSED is not offered and cannot be paid with (checkout or API: 503, nothing created, nothing sent); DELAYED is marked; read in the background, never waited for", async () => {
    const reference = await liveLink();
    const link = await db().paymentLink.findUniqueOrThrow({ where: { reference } });
    const states = async () =>
      Object.fromEntries((await listCheckoutPageGateways(link)).flatMap((c) => c.gateways).filter((g) => ["MOOV_MONEY_BJ", "MOOV_MONEY_BF"].includes(g.name)).map((g) => [g.name, g.availability]));
    const customerPhone = phone("229");
    const depositPosts = () => posts("deposits").length;
    process.env.OPERATOR_AVAILABILITY_CACHE_TTL_MS = "0";
    try {
      fake.setAvailability("MOOV_BEN", "DEPOSIT", "CLOSED");
      fake.setAvailability("MOOV_BFA", "DEPOSIT", "DELAYED");
      await announcedDepositStates({ fresh: true, wait: true });
      expect(await states()).toEqual({ MOOV_MONEY_BF: "delayed" });
      // Benin keeps its other methods (MTN through pawaPay).
      expect((await listCheckoutPageGateways(link)).find((c) => c.code === "BJ")?.gateways.map((g) => g.name)).toContain("MTN_MOMO_BJ");

      // Chosen anyway (a page drawn before, a crafted post): refused before anything is written or sent.
      const before = depositPosts();
      const attempt = await call("POST", `/api/checkout/${reference}/attempts`, { body: { country: "BJ", gatewayName: "MOOV_MONEY_BJ", customerPhone }, headers: { "x-forwarded-for": "10.50.251.1" } });
      expect([attempt.status, attempt.body.error?.code, attempt.body.error?.rule], JSON.stringify(attempt.body)).toEqual([503, 50300, "provider_closed"]);
      const api = await call("POST", "/api/v4/classic/deposit/initiate", {
        key: liveKey(),
        body: { amount: 5000, currency: "XOF", customerPhone, country: "BJ", gatewayName: "MOOV_MONEY_BJ" },
      });
      expect([api.status, api.body.error?.code, api.headers.get("retry-after")], JSON.stringify(api.body)).toEqual([503, 50300, "60"]);
      expect(depositPosts()).toBe(before);
      expect(await db().deposit.count({ where: { merchantId: merchant().id, gatewayName: "MOOV_MONEY_BJ" } })).toBe(0);
      expect(await linkStatus(reference)).toBe("pending");

      // pawaPay unreadable: its last word is dropped, nothing is taken as closed on a guess.
      fake.failNext({ status: 500, when: (r) => r.path === "/v2/availability" });
      await announcedDepositStates({ fresh: true, wait: true });
      expect(await states()).toEqual({ MOOV_MONEY_BJ: null, MOOV_MONEY_BF: null });
    } finally {
      fake.setAvailability("MOOV_BEN", "DEPOSIT", "OPERATIONAL");
      fake.setAvailability("MOOV_BFA", "DEPOSIT", "OPERATIONAL");
      await announcedDepositStates({ fresh: true, wait: true });
      delete process.env.OPERATOR_AVAILABILITY_CACHE_TTL_MS;
    }
    // Open again: the same customer pays with it.
    const paid = await payWithMoov(reference, customerPhone);
    expect(recordsOf("deposit", paid.operatorRequestId)).toHaveLength(1);
  });

  it("a provider pawaPay closed since this process last read it: pawaPay's refusal is told as the closing (503 provider_closed), nothing kept", async () => {
    const reference = await liveLink();
    await announcedDepositStates({ fresh: true, wait: true });
    fake.setAvailability("MOOV_BEN", "DEPOSIT", "CLOSED");
    try {
      const customerPhone = phone("229");
      const attempt = await call("POST", `/api/checkout/${reference}/attempts`, { body: { country: "BJ", gatewayName: "MOOV_MONEY_BJ", customerPhone }, headers: { "x-forwarded-for": "10.50.252.1" } });
      expect([attempt.status, attempt.body.error?.code, attempt.body.error?.rule], JSON.stringify(attempt.body)).toEqual([503, 50300, "provider_closed"]);
      // pawaPay was asked (its word was not known here yet) and refused: nothing taken, nothing kept.
      expect(fake.depositsReceived(customerPhone)).toBe(1);
      expect(await db().deposit.count({ where: { paymentLink: { reference } } })).toBe(0);
      expect(await linkStatus(reference)).toBe("pending");
    } finally {
      fake.setAvailability("MOOV_BEN", "DEPOSIT", "OPERATIONAL");
      await announcedDepositStates({ fresh: true, wait: true });
    }
  });

  it("across a 5xx after pawaPay recorded it: the same depositId again (DUPLICATE_IGNORED), one pawaPay deposit, paid once", async () => {
    const link = await liveLink();
    fake.failNext({ process: true, status: 500, when: (r) => r.path === "/v2/deposits" });
    const deposit = await payWithMoov(link, phone("229"));
    expect(postsFor("deposits", deposit.operatorRequestId)).toHaveLength(2);
    expect(recordsOf("deposit", deposit.operatorRequestId)).toHaveLength(1);
    await fake.settle();
    await expect.poll(() => linkStatus(link), { timeout: 15_000 }).toBe("completed");
    expect(await db().deposit.count({ where: { paymentLink: { reference: link } } })).toBe(1);
  });

  it("across a timeout after pawaPay acted: pending (unknown stays unknown), then its callback's read completes it; no second send", async () => {
    const link = await liveLink();
    fake.failNext({ process: true, holdAnswerMs: 1_500, when: (r) => r.path === "/v2/deposits" });
    const deposit = await payWithMoov(link, phone("229", { callback: "none" }));
    expect(deposit.status).toBe("pending");
    expect(recordsOf("deposit", deposit.operatorRequestId)).toHaveLength(1);
    await fake.settle();
    // The callback never came: the reconciliation reads it.
    await reconcileNow();
    expect(await linkStatus(link)).toBe("completed");
    expect(postsFor("deposits", deposit.operatorRequestId)).toHaveLength(1);
    expect(await events(link)).toEqual(["payment_link.completed"]);
  });

  it("a late callback (after our expiry) is read, and pawaPay's success is credited once", async () => {
    const link = await liveLink();
    const deposit = await payWithMoov(link, phone("229", { callback: "none" }));
    await fake.settle();
    await transitionDeposit(db(), { id: deposit.id, to: "expired", at: new Date() });
    const [record] = recordsOf("deposit", deposit.operatorRequestId);
    for (let i = 0; i < 2; i++) expect((await postCallback({ depositId: record.id, status: "COMPLETED" })).status).toBe(200);
    await expect.poll(async () => (await db().deposit.findUniqueOrThrow({ where: { id: deposit.id } })).status, { timeout: 15_000 }).toBe("completed");
    expect(await availableBalance(liveKey())).toBe(5000);
    expect(recordsOf("deposit", deposit.operatorRequestId)).toHaveLength(1);
  });

  it("a forged, unsigned or altered callback is refused (401) and changes nothing: no read at pawaPay, the payment stays pending", async () => {
    const link = await liveLink();
    const deposit = await payWithMoov(link, phone("229", { customer: "never_answers" }));
    const before = reads();
    const other = generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey;
    const claim = { depositId: deposit.operatorRequestId, status: "COMPLETED", amount: "5000", currency: "XOF" };
    expect((await postCallback(claim, { key: other })).status).toBe(401);
    expect((await postCallback(claim, { unsigned: true })).status).toBe(401);
    // Signed for one body, sent with another.
    const url = new URL(`${app.origin}${callbackPath}`);
    const signed = pawapaySignedHeaders(url, JSON.stringify({ depositId: "00000000-0000-4000-8000-000000000000" }), fake.keys.privateKey);
    expect((await fetch(url, { method: "POST", headers: signed, body: JSON.stringify(claim) })).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads()).toBe(before);
    expect((await db().deposit.findUniqueOrThrow({ where: { id: deposit.id } })).status).toBe("pending");
    expect(await linkStatus(link)).not.toBe("completed");
  });
});

describe("a pawaPay COMPLETED for another amount", () => {
  it("holds the deposit for support and keeps a payout pending: nothing credited or completed", async () => {
    const link = await liveLink();
    const deposit = await payWithMoov(link, phone("229", { reportedAmount: "1" }));
    await fake.settle();
    await expect.poll(async () => (await db().deposit.findUniqueOrThrow({ where: { id: deposit.id } })).heldReason, { timeout: 15_000 }).toBe("amount_mismatch");
    const held = await db().deposit.findUniqueOrThrow({ where: { id: deposit.id } });
    expect([held.status, held.operatorAmountMinor, held.operatorCurrency]).toEqual(["pending", 1n, "XOF"]);
    expect(await db().ledgerEntry.count({ where: { reference: deposit.reference } })).toBe(0);

    await fundLiveMerchant(merchant().id, 10_000n);
    const res = await call("POST", "/api/v4/transfers/instant", {
      key: liveKey(),
      body: { amount: 1000, currency: "XOF", gatewayName: "FREE_MONEY_SN", beneficiaryPhone: phone("221", { reportedAmount: "1" }), country: "SN" },
    });
    expect(res.status).toBe(200);
    await fake.settle();
    // Its callback's read, or the reconciliation's, finds pawaPay's figures are not the payout's.
    const answer = async () => (await reconcileNow(), (await db().transfer.findUniqueOrThrow({ where: { reference: res.body.reference } })).operatorAnswer);
    await expect.poll(answer, { timeout: 15_000 }).toContain("amount mismatch");
    expect((await db().transfer.findUniqueOrThrow({ where: { reference: res.body.reference } })).status).toBe("pending");
  });
});

describe("a live payout to Free Money Senegal through pawaPay", () => {
  async function payout(beneficiaryPhone: string) {
    const res = await call("POST", "/api/v4/transfers/instant", {
      key: liveKey(),
      body: { amount: 1000, currency: "XOF", gatewayName: "FREE_MONEY_SN", beneficiaryPhone, country: "SN", callbackUrl: "https://hooks.invalid/transfers" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return db().transfer.findUniqueOrThrow({ where: { reference: res.body.reference } });
  }
  const transfer = (id: string) => db().transfer.findUniqueOrThrow({ where: { id } });

  it("is listed live, sent once under the payoutId stored first, and completed by its signed callback (twice)", async () => {
    await fundLiveMerchant(merchant().id, 10_000n);
    const listed = await call("GET", "/public/gateways/withdraw/list", { key: liveKey() });
    expect((listed.body as { name: string }[]).map((g) => g.name)).toContain("FREE_MONEY_SN");
    const sent = await payout(phone("221", { callback: "duplicate" }));
    expect(sent.status).toBe("pending");
    expect(recordsOf("payout", sent.operatorRequestId)).toHaveLength(1);
    expect(recordsOf("payout", sent.operatorRequestId)[0]).toMatchObject({ provider: "FREE_SEN", amount: "1000", currency: "XOF", clientReferenceId: sent.reference });
    await fake.settle();
    await expect.poll(async () => (await transfer(sent.id)).status, { timeout: 15_000 }).toBe("completed");
    expect(postsFor("payouts", sent.operatorRequestId)).toHaveLength(1);
    expect(await db().transfer.count({ where: { merchantId: merchant().id } })).toBe(1);
    expect(await events(sent.reference)).toEqual(["transfer.completed"]);
    // Free Money's 2% (its own rate) leaves with the payout, out of our fee: 20 on 1,000.
    const done = await transfer(sent.id);
    expect(done.operatorFeeMinor).toBe(20n);
    expect(await linesOf("transfer_completed", sent.reference)).toEqual([
      ["one journal", "merchant_in_flight", -(1000n + done.feesMinor)],
      ["one journal", "platform_fees", done.feesMinor - 20n],
      ["one journal", "world", 1020n],
    ]);
  });

  it("across a 5xx and a timeout: one pawaPay payout each, completed by the reconciliation's read (no callback)", async () => {
    await fundLiveMerchant(merchant().id, 10_000n);
    fake.failNext({ process: true, status: 500, when: (r) => r.path === "/v2/payouts" });
    const first = await payout(phone("221", { callback: "none" }));
    fake.failNext({ process: true, holdAnswerMs: 1_500, when: (r) => r.path === "/v2/payouts" });
    const second = await payout(phone("221", { callback: "none" }));
    await fake.settle();
    await reconcileNow();
    await reconcileNow();
    for (const sent of [first, second]) {
      expect((await transfer(sent.id)).status).toBe("completed");
      expect(recordsOf("payout", sent.operatorRequestId)).toHaveLength(1);
    }
    expect(await db().transfer.count({ where: { merchantId: merchant().id } })).toBe(2);
    expect(await availableBalance(liveKey())).toBeLessThan(10_000 - 2_000 + 1);
  });

  it("a forged callback for a pending payout is refused (401) and reads nothing; a genuine one is only a hint: pawaPay still says SUBMITTED, so it stays pending", async () => {
    await fundLiveMerchant(merchant().id, 10_000n);
    const sent = await payout(phone("221", { customer: "never_answers" }));
    const before = reads();
    const other = generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey;
    expect((await postCallback({ payoutId: sent.operatorRequestId, status: "FAILED" }, { key: other })).status).toBe(401);
    expect(reads()).toBe(before);
    expect((await transfer(sent.id)).status).toBe("pending");
    expect((await postCallback({ payoutId: sent.operatorRequestId, status: "FAILED" })).status).toBe(200);
    await expect.poll(() => reads(), { timeout: 15_000 }).toBeGreaterThan(before);
    expect((await transfer(sent.id)).status).toBe("pending");
  });

  it("an unsigned callback (pawaPay's own, with signing off) is refused and changes nothing: the payout pawaPay completed stays pending until its status is read", async () => {
    await fundLiveMerchant(merchant().id, 10_000n);
    const before = reads();
    fake.settings.signedCallbacks = false;
    let sent: Awaited<ReturnType<typeof payout>>;
    try {
      sent = await payout(phone("221"));
      await fake.settle();
    } finally {
      fake.settings.signedCallbacks = true;
    }
    expect(recordsOf("payout", sent.operatorRequestId).map((r) => r.status)).toEqual(["COMPLETED"]);
    expect(fake.callbacks.filter((c) => c.id === sent.operatorRequestId).map((c) => c.status)).toEqual([401]);
    expect((await postCallback({ payoutId: sent.operatorRequestId, status: "COMPLETED" }, { unsigned: true })).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads()).toBe(before);
    expect((await transfer(sent.id)).status).toBe("pending");
    expect(await events(sent.reference)).toEqual([]);
    // What pawaPay holds is still read, and settles it once.
    await reconcileNow();
    expect((await transfer(sent.id)).status).toBe("completed");
    expect(await events(sent.reference)).toEqual(["transfer.completed"]);
  });

  it("a late callback for a payout already settled by the status read changes nothing: one pawaPay payout, one ledger movement, one webhook", async () => {
    await fundLiveMerchant(merchant().id, 10_000n);
    const sent = await payout(phone("221", { callback: "none" }));
    await fake.settle();
    await reconcileNow();
    expect((await transfer(sent.id)).status).toBe("completed");
    const ledger = async () => (await db().ledgerEntry.findMany({ where: { reference: sent.reference }, orderBy: { id: "asc" } })).map((e) => [e.kind, e.account, e.amountMinor]);
    const booked = await ledger();
    expect(new Set(booked.map(([kind]) => kind))).toEqual(new Set(["transfer_accepted", "transfer_completed"]));
    const balance = await availableBalance(liveKey());
    const before = reads();
    // pawaPay's callback, signed, after the read settled it: the same word, then a contrary one.
    for (const status of ["COMPLETED", "FAILED"]) expect((await postCallback({ payoutId: sent.operatorRequestId, status })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reads()).toBe(before);
    expect((await transfer(sent.id)).status).toBe("completed");
    expect(await ledger()).toEqual(booked);
    expect(await availableBalance(liveKey())).toBe(balance);
    expect(await events(sent.reference)).toEqual(["transfer.completed"]);
    expect(recordsOf("payout", sent.operatorRequestId)).toHaveLength(1);
    expect(postsFor("payouts", sent.operatorRequestId)).toHaveLength(1);
  });
});

describe("a refund of a live Moov Money Benin payment through pawaPay", () => {
  /** A live link paid with Moov Money Benin through pawaPay, read back by the reconciliation. */
  async function paidLink() {
    const link = await liveLink();
    const deposit = await payWithMoov(link, phone("229", { callback: "none" }));
    await fake.settle();
    await reconcileNow();
    expect(await linkStatus(link)).toBe("completed");
    return { link, deposit };
  }
  async function refundOf(link: string) {
    const res = await call("POST", "/api/v4/refunds", { key: liveKey(), body: { paymentReference: link, amount: 2000, callbackUrl: "https://hooks.invalid/refunds" } });
    expect([res.status, res.body.status], JSON.stringify(res.body)).toEqual([200, "pending"]);
    return db().refund.findUniqueOrThrow({ where: { reference: res.body.reference } });
  }
  const refundStatus = async (id: string) => (await db().refund.findUniqueOrThrow({ where: { id } })).status;

  it("names the deposit and the amount, once; completed by its callback; a duplicate and a late one change nothing", async () => {
    const { link, deposit } = await paidLink();
    fake.failNext({ process: true, status: 500, when: (r) => r.path === "/v2/refunds" });
    const refund = await refundOf(link);
    expect(recordsOf("refund", refund.operatorRequestId)).toHaveLength(1);
    expect(recordsOf("refund", refund.operatorRequestId)[0]).toMatchObject({ depositId: deposit.operatorRequestId, amount: "2000", currency: "XOF" });
    await fake.settle();
    // pawaPay's refund callback names the refunded deposit too: it is read as the refund's.
    expect(fake.callbacks.filter((c) => c.id === refund.operatorRequestId).map((c) => [JSON.parse(c.body).depositId, c.status])).toEqual([[deposit.operatorRequestId, 200]]);
    await expect.poll(() => refundStatus(refund.id), { timeout: 15_000 }).toBe("completed");
    // Late and repeated: the refund is final, nothing changes.
    expect((await postCallback({ refundId: refund.operatorRequestId, status: "COMPLETED" })).status).toBe(200);
    await reconcileNow();
    expect(recordsOf("refund", refund.operatorRequestId)).toHaveLength(1);
    expect(await db().refund.count({ where: { depositId: deposit.id } })).toBe(1);
    expect(await events(refund.reference)).toEqual(["refund.completed"]);
    expect(await availableBalance(liveKey())).toBe(5000 - 2000);
    // pawaPay's 1% of the 2,000 it gave back, booked once for a duplicate and a late callback.
    expect((await db().refund.findUniqueOrThrow({ where: { id: refund.id } })).operatorFeeMinor).toBe(20n);
    expect((await linesOf("refund_completed", refund.reference)).filter(([, account]) => account === "world")).toEqual([["one journal", "world", 2020n]]);
  });

  it("across a timeout after pawaPay recorded it: pending (unknown stays unknown), then read, never sent again: one pawaPay refund, one record", async () => {
    const { link, deposit } = await paidLink();
    fake.failNext({ process: true, holdAnswerMs: 1_500, when: (r) => r.path === "/v2/refunds" });
    const refund = await refundOf(link);
    expect(refund.operatorSentAt).not.toBeNull();
    expect(recordsOf("refund", refund.operatorRequestId)).toHaveLength(1);
    await fake.settle();
    // Its callback (crossing the lost answer) or the reconciliation reads what pawaPay holds.
    await reconcileNow();
    await expect.poll(() => refundStatus(refund.id), { timeout: 15_000 }).toBe("completed");
    expect(postsFor("refunds", refund.operatorRequestId)).toHaveLength(1);
    expect(recordsOf("refund", refund.operatorRequestId)).toHaveLength(1);
    expect(await db().refund.count({ where: { depositId: deposit.id } })).toBe(1);
    expect(await events(refund.reference)).toEqual(["refund.completed"]);
    expect(await availableBalance(liveKey())).toBe(5000 - 2000);
  });

  it("a forged or unsigned callback is refused (401) and changes nothing: the refund pawaPay completed stays pending until its status is read", async () => {
    const { link } = await paidLink();
    const before = reads();
    fake.settings.signedCallbacks = false;
    let refund: Awaited<ReturnType<typeof refundOf>>;
    try {
      refund = await refundOf(link);
      await fake.settle();
    } finally {
      fake.settings.signedCallbacks = true;
    }
    // pawaPay's own callback came unsigned (signing is the merchant's choice at pawaPay): refused.
    expect(recordsOf("refund", refund.operatorRequestId).map((r) => r.status)).toEqual(["COMPLETED"]);
    expect(fake.callbacks.filter((c) => c.id === refund.operatorRequestId).map((c) => c.status)).toEqual([401]);
    const other = generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey;
    const claim = { refundId: refund.operatorRequestId, status: "COMPLETED", amount: "2000", currency: "XOF" };
    expect((await postCallback(claim, { key: other })).status).toBe(401);
    expect((await postCallback(claim, { unsigned: true })).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads()).toBe(before);
    expect(await refundStatus(refund.id)).toBe("pending");
    expect(await events(refund.reference)).toEqual([]);
    // What pawaPay holds is still read, and settles it once.
    await reconcileNow();
    expect(await refundStatus(refund.id)).toBe("completed");
    expect(await events(refund.reference)).toEqual(["refund.completed"]);
  });
});
