import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { reconcileOperatorOutcomes } from "@/lib/features/reconciliation/reconcile-operator-outcomes";
import { call } from "../helpers/api-client";
import { startAppServer, type RunningServer } from "../helpers/app-server";
import { fundLiveMerchant } from "../helpers/fund-merchant";
import { merchantCheckedAfterEach } from "../helpers/reconciled";
import { mtnMomoFakeEnv, pawapayFakeEnv } from "../fakes/start-operator-fakes";
import { startMtnMomoFake, type MtnMomoFake } from "../fakes/mtn-momo-fake";
import { startPawapayFake, type PawapayFake, type PawapayScript } from "../fakes/pawapay-fake";

// A gateway moved from one operator to another while some of its payments are open: MTN MoMo Côte
// d'Ivoire, which we hold directly, routed through pawaPay by PAWAPAY_GATEWAYS, then back (or the
// other way). What was made through an operator stays with it (Deposit/Transfer/Refund.operator):
// its callbacks are matched, its status read, its refund sent there, whoever serves the gateway
// now; the other operator is never asked about it. Before the column, such a payment was read at
// the operator serving its gateway now, which had never heard of it.

vi.mock("@/lib/integrations/gateways/operators/circuit-breaker", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/integrations/gateways/operators/circuit-breaker")>();
  const neverOpens = actual.createOperatorBreaker("pawapay", { volumeThreshold: Number.MAX_SAFE_INTEGER });
  return { ...actual, operatorBreaker: () => neverOpens };
});

let pawapay: PawapayFake;
let mtn: MtnMomoFake;
let app: RunningServer;
const saved = { ...process.env };

beforeAll(async () => {
  [pawapay, mtn, app] = await Promise.all([startPawapayFake(), startMtnMomoFake(), startAppServer()]);
  Object.assign(process.env, mtnMomoFakeEnv(mtn), pawapayFakeEnv(pawapay), { MTN_MOMO_COUNTRIES: "CI", PAYMENT_BASE_URL: app.origin, OPERATOR_TIMEOUT_MS: "2000" });
  pawapay.sendCallbacksTo(`${app.origin}/api/operators/pawapay/callback`);
});
afterEach(() => {
  delete process.env.PAWAPAY_GATEWAYS;
});
afterAll(async () => {
  process.env = saved;
  await Promise.all([pawapay.close(), mtn.close(), app.close()]);
});

const merchant = merchantCheckedAfterEach();
const liveKey = () => merchant().liveKey;
/** pawaPay serves MTN Côte d'Ivoire (PAWAPAY_GATEWAYS), or MTN itself does (its direct credentials). */
const routeThroughPawapay = (yes: boolean) => {
  if (yes) process.env.PAWAPAY_GATEWAYS = "MTN_MOMO_CI";
  else delete process.env.PAWAPAY_GATEWAYS;
};

let phones = 0;
/** A fresh Ivorian number, scripted at both operators (no MTN callback: its status is read). */
function customer(script: PawapayScript = {}) {
  const digits = `2250${String(Date.now() % 1e5).padStart(5, "0")}${String(++phones % 1e4).padStart(4, "0")}`;
  pawapay.script(digits, script);
  mtn.script(digits, { callback: "none" });
  return `+${digits}`;
}
const reconcileNow = () => reconcileOperatorOutcomes(db(), new Date(), { all: true });
const pawapayRequestsFor = (id: string | null) => pawapay.received.filter((r) => r.path.endsWith(`/${id}`) || r.body.includes(`"${id}"`));
const mtnRequestsFor = (id: string | null) => mtn.received.filter((r) => r.path.includes(id ?? "-") || r.headers["x-reference-id"] === id);

async function deposit(customerPhone: string) {
  const res = await call("POST", "/api/v4/classic/deposit/initiate", {
    key: liveKey(),
    body: { amount: 5000, currency: "XOF", customerPhone, country: "CI", gatewayName: "MTN_MOMO_CI", callbackUrl: "https://hooks.invalid/deposits" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return db().deposit.findUniqueOrThrow({ where: { reference: res.body.reference } });
}
const depositStatus = async (id: string) => (await db().deposit.findUniqueOrThrow({ where: { id } })).status;

describe("a gateway moved between a direct operator and pawaPay while its payments are open", () => {
  it("a deposit made through pawaPay is completed by pawaPay's callback once MTN serves the gateway again; MTN is never asked", async () => {
    routeThroughPawapay(true);
    const made = await deposit(customer());
    expect(made.operator).toBe("pawapay");
    expect(pawapay.records.get(made.operatorRequestId!)).toMatchObject({ kind: "deposit", provider: "MTN_MOMO_CIV" });

    routeThroughPawapay(false);
    await pawapay.settle();
    expect(pawapay.callbacks.filter((c) => c.id === made.operatorRequestId).map((c) => c.status)).toEqual([200]);
    await expect.poll(() => depositStatus(made.id), { timeout: 10_000 }).toBe("completed");
    expect(mtnRequestsFor(made.operatorRequestId)).toEqual([]);
    expect(mtn.transactions.has(made.operatorRequestId!)).toBe(false);

    // Its refund goes to the operator that took the payment, which alone holds it.
    const res = await call("POST", "/api/v4/refunds", { key: liveKey(), body: { paymentReference: made.reference, amount: 2000 } });
    expect([res.status, res.body.status], JSON.stringify(res.body)).toEqual([200, "pending"]);
    const refund = await db().refund.findUniqueOrThrow({ where: { reference: res.body.reference } });
    expect(refund.operator).toBe("pawapay");
    expect(pawapay.records.get(refund.operatorRequestId!)).toMatchObject({ kind: "refund", depositId: made.operatorRequestId, amount: "2000" });
    expect(mtnRequestsFor(refund.operatorRequestId)).toEqual([]);
    await pawapay.settle();
    await expect.poll(async () => (await db().refund.findUniqueOrThrow({ where: { id: refund.id } })).status, { timeout: 10_000 }).toBe("completed");
  });

  it("a payout made through pawaPay, its callback lost, is read at pawaPay by the reconciliation after the move", async () => {
    await fundLiveMerchant(merchant().id, 10_000n);
    routeThroughPawapay(true);
    const res = await call("POST", "/api/v4/transfers/instant", {
      key: liveKey(),
      body: { amount: 1000, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: customer({ callback: "none" }), country: "CI" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = await db().transfer.findUniqueOrThrow({ where: { reference: res.body.reference } });
    expect(sent.operator).toBe("pawapay");
    expect(pawapay.records.get(sent.operatorRequestId!)).toMatchObject({ kind: "payout" });

    routeThroughPawapay(false);
    await pawapay.settle();
    await reconcileNow();
    expect((await db().transfer.findUniqueOrThrow({ where: { id: sent.id } })).status).toBe("completed");
    expect(mtnRequestsFor(sent.operatorRequestId)).toEqual([]);
    expect(pawapay.received.filter((r) => r.method === "POST" && r.path === "/v2/payouts" && r.body.includes(sent.operatorRequestId!))).toHaveLength(1);
  });

  it("a deposit made at MTN directly is still read at MTN once pawaPay is routed the gateway; pawaPay is never asked", async () => {
    const made = await deposit(customer());
    expect(made.operator).toBe("mtn-momo");
    expect(mtn.transactions.has(made.operatorRequestId!)).toBe(true);

    routeThroughPawapay(true);
    await reconcileNow();
    expect(await depositStatus(made.id)).toBe("completed");
    expect(pawapayRequestsFor(made.operatorRequestId)).toEqual([]);
    // What is made now goes through pawaPay.
    const later = await deposit(customer());
    expect(later.operator).toBe("pawapay");
  });
});
