import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { call, type ApiResponse } from "../helpers/api-client";
import { availableBalance, fundMerchant } from "../helpers/fund-merchant";
import { validLink } from "../helpers/fixtures";
import { merchantCheckedAfterEach } from "../helpers/reconciled";

// Issue 47: the Idempotency-Key's guarantees under concurrent requests, for every creating route a
// merchant sends money requests to (links, deposits, transfers, transfer batches, refunds), on both engines (on
// PostgreSQL, CI's second pass, the requests meet for real on the key's unique index and the pool).
// Half the racers send one body, half another, all with one key: exactly one resource is created,
// every 200 is the winner's body with the winner's answer, the others are told 409 (still being
// processed) or 422 (another body) in the contract's envelope; afterwards the winner's body is
// replayed and the other one refused.

type Send = (body: Record<string, unknown>, key: string) => Promise<ApiResponse>;

const RACERS = 16;

async function race(send: Send, bodies: [Record<string, unknown>, Record<string, unknown>], rows: () => Promise<number>) {
  const key = `race-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const before = await rows();
  const answers = await Promise.all(Array.from({ length: RACERS }, (_, i) => send(bodies[i % 2], key).then((res) => ({ res, body: i % 2 }))));
  expect(await rows()).toBe(before + 1);

  const created = answers.filter(({ res }) => res.status === 200);
  expect(created.length).toBeGreaterThanOrEqual(1);
  expect(new Set(created.map(({ res }) => res.body.reference)).size).toBe(1);
  const winner = created[0].body;
  for (const { res, body } of created) {
    expect(body).toBe(winner);
    expect(res.body).toEqual(created[0].res.body);
  }
  for (const { res } of answers.filter(({ res }) => res.status !== 200)) {
    expect([409, 422]).toContain(res.status);
    expect(res.body.error.code).toBe(40020);
  }

  const replay = await send(bodies[winner], key);
  expect(replay.status).toBe(200);
  expect(replay.headers.get("idempotent-replayed")).toBe("true");
  expect(replay.body).toEqual(created[0].res.body);
  const other = await send(bodies[1 - winner], key);
  expect([other.status, other.body.error?.code]).toEqual([422, 40020]);
  expect(await rows()).toBe(before + 1);
}

const sandboxPost = (path: string, apiKey: string): Send => (body, key) => call("POST", `/test/api/v4/${path}`, { key: apiKey, body, headers: { "idempotency-key": key } });

describe("one Idempotency-Key, concurrent requests with two bodies", () => {
  // Each test's merchant's books reconcile afterwards, the whole ledger balanced.
  const merchant = merchantCheckedAfterEach();

  it("payment links: one link", async () => {
    const m = merchant();
    const count = () => db().paymentLink.count({ where: { merchantId: m.id } });
    await race(sandboxPost("payments/link", m.sandboxKey), [validLink, { ...validLink, amount: 6000 }], count);
  });

  it("deposits: one deposit", async () => {
    const m = merchant();
    // The sandbox phone ...222 never answers: the deposit stays pending, the request is only ours.
    const deposit = { amount: 5000, currency: "XOF", customerPhone: "+2250700000222", country: "CI", gatewayName: "MTN_MOMO_CI" };
    const count = () => db().deposit.count({ where: { merchantId: m.id } });
    await race(sandboxPost("classic/deposit/initiate", m.sandboxKey), [deposit, { ...deposit, amount: 5100 }], count);
  });

  it("transfers: one payout, its funds held once", async () => {
    const m = merchant();
    await fundMerchant(m.sandboxKey, [20000]);
    const before = await availableBalance(m.sandboxKey);
    const payout = { amount: 1000, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: "+2250700000444", country: "CI" };
    const count = () => db().transfer.count({ where: { merchantId: m.id } });
    await race(sandboxPost("transfers/instant", m.sandboxKey), [payout, { ...payout, amount: 1100 }], count);
    const held = await db().transfer.findFirstOrThrow({ where: { merchantId: m.id } });
    expect(before - (await availableBalance(m.sandboxKey))).toBe(Number(held.amountMinor + held.feesMinor));
  });

  it("transfer batches: one batch, nothing held", async () => {
    const m = merchant();
    await fundMerchant(m.sandboxKey, [20000]);
    const line = { reference: "race-1", amount: 1000, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: "+2250700000444", country: "CI" };
    const count = () => db().transferBatch.count({ where: { merchantId: m.id } });
    await race(sandboxPost("transfers/batch", m.sandboxKey), [{ items: [line] }, { items: [{ ...line, amount: 1100 }] }], count);
    expect(await availableBalance(m.sandboxKey)).toBe(20000);
  });

  it("refunds: one refund", async () => {
    const m = merchant();
    const [paid] = await fundMerchant(m.sandboxKey, [20000]);
    const count = () => db().refund.count({ where: { merchantId: m.id } });
    await race(sandboxPost("refunds", m.sandboxKey), [{ paymentReference: paid, amount: 500 }, { paymentReference: paid, amount: 600 }], count);
  });
});
