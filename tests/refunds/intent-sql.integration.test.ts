import { Prisma, PrismaClient } from "@prisma/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { newCheckoutToken } from "@/lib/features/checkout/checkout-session";
import { startLinkAttempt } from "@/lib/features/checkout/start-link-attempt";
import { runDueWork, SANDBOX_TIMER_GRACE_MS } from "@/lib/features/jobs/run-due-work";
import { acceptRefund } from "@/lib/features/refunds/create-refund";
import { ACCOUNTS } from "@/lib/features/ledger/accounts";
import { sandboxAnswerDelayMs } from "@/lib/integrations/gateways/sandbox-simulator";
import { call, ORIGIN } from "../helpers/api-client";
import { validLink } from "../helpers/fixtures";
import { merchantCheckedAfterEach } from "../helpers/reconciled";

// Issue 47, item 1: a refund's intent (the balance lock, what the payment's refunds hold and the
// available balance, the refund and its entries, the Idempotency-Key's claim and recovery point)
// runs in direct SQL, in a transaction of its own (lib/core/db/locked-write.ts), not in Prisma's
// interactive transaction, with every guarantee of the key and of the refundable amount.

const merchant = merchantCheckedAfterEach();
afterEach(() => vi.restoreAllMocks());

const key = () => merchant().sandboxKey;
const refund = (payload: object, idempotencyKey?: string) =>
  call("POST", "/test/api/v4/refunds", { key: key(), body: payload, headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : {} });
const refunds = () => db().refund.findMany({ where: { merchantId: merchant().id } });
const entriesOf = (reference: string) => db().ledgerEntry.findMany({ where: { reference } });
const keyRow = (k: string) => db().idempotencyKey.findFirst({ where: { merchantId: merchant().id, key: k } });
async function availableMinor() {
  const sum = await db().ledgerEntry.aggregate({ where: { merchantId: merchant().id, environment: "sandbox", currency: "XOF", account: ACCOUNTS.available }, _sum: { amountMinor: true } });
  return sum._sum.amountMinor ?? 0n;
}

/** A paid link of 5 000 XOF (the merchant credited 5 000): its reference. */
async function paidLink() {
  const link = await call("POST", "/test/api/v4/payments/link", { key: key(), body: validLink });
  expect(link.status).toBe(200);
  const attempt = await startLinkAttempt(db(), {
    reference: link.body.reference, environment: "sandbox", gatewayName: "MTN_MOMO_CI", country: "CI", customerPhone: "+2250700000444", origin: ORIGIN, checkoutToken: newCheckoutToken(),
  });
  await runDueWork(db(), new Date(attempt.createdAt.getTime() + sandboxAnswerDelayMs() + SANDBOX_TIMER_GRACE_MS + 10), { parts: { settle: true, webhooks: false } });
  expect((await db().deposit.findUniqueOrThrow({ where: { id: attempt.id } })).status).toBe("completed");
  return link.body.reference as string;
}

describe("a keyed refund's intent in direct SQL", () => {
  it("replays the first answer for the same key and body, refuses another body (422/40020)", async () => {
    const paymentReference = await paidLink();
    const first = await refund({ paymentReference, amount: 1000 }, "same-key");
    expect(first.status).toBe(200);
    const again = await refund({ paymentReference, amount: 1000 }, "same-key");
    expect([again.status, again.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
    expect(again.body).toEqual(first.body);
    const other = await refund({ paymentReference, amount: 2000 }, "same-key");
    expect([other.status, other.body.error.code]).toEqual([422, 40020]);
    const rows = await refunds();
    expect(rows.map((r) => r.reference)).toEqual([first.body.reference]);
    expect((await entriesOf(first.body.reference)).map((e) => [e.kind, e.account, e.amountMinor]).sort()).toEqual([
      ["refund_requested", ACCOUNTS.available, -1000n],
      ["refund_requested", ACCOUNTS.inFlight, 1000n],
    ]);
    expect(await keyRow("same-key")).toMatchObject({ recoveryPoint: "finished", resourceId: rows[0].id, claimToken: null });
  });

  it("refuses more than the available balance with 422/40013, writes nothing and frees the key: a corrected retry with it goes through", async () => {
    const paymentReference = await paidLink();
    // 4 000 + 40 of fees paid out: 960 left.
    const payout = await call("POST", "/test/api/v4/transfers/instant", {
      key: key(), body: { amount: 4000, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: "+2250700000444", country: "CI" },
    });
    expect(payout.status).toBe(200);
    const refused = await refund({ paymentReference }, "too-much");
    expect([refused.status, refused.body.error.code, refused.body.error.details]).toEqual([422, 40013, "available 960 XOF; this refund needs 5000 XOF"]);
    expect(await refunds()).toEqual([]);
    expect(await keyRow("too-much")).toBeNull();
    const corrected = await refund({ paymentReference, amount: 500 }, "too-much");
    expect(corrected.status).toBe(200);
    expect((await refunds()).map((r) => [r.reference, r.amountMinor])).toEqual([[corrected.body.reference, 500n]]);
    expect(await availableMinor()).toBe(460n);
  });

  it("refuses more than can still be refunded (400/40010), read under the lock", async () => {
    const paymentReference = await paidLink();
    expect((await refund({ paymentReference, amount: 3000 }, "part-1")).status).toBe(200);
    const more = await refund({ paymentReference, amount: 3000 }, "part-2");
    expect([more.status, more.body.error.code, more.body.error.details]).toEqual([400, 40010, `amount 3000 XOF is more than can still be refunded for ${paymentReference}: 2000 XOF`]);
    expect(await keyRow("part-2")).toBeNull();
    // Without an amount: all that is left.
    const rest = await refund({ paymentReference }, "part-2");
    expect([rest.status, rest.body.amount]).toEqual([200, 2000]);
    const full = await refund({ paymentReference }, "part-3");
    expect([full.status, full.body.error.code]).toEqual([400, 40020]);
  });

  it("makes one refund, with one set of entries, of concurrent duplicates: the others answer 409 or the first's answer", async () => {
    const paymentReference = await paidLink();
    const answers = await Promise.all(Array.from({ length: 8 }, () => refund({ paymentReference, amount: 1000 }, "duplicates")));
    const ok = answers.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.body.reference)).size).toBe(1);
    for (const r of answers.filter((a) => a.status !== 200)) expect([r.status, r.body.error.code]).toEqual([409, 40020]);
    expect((await refunds()).map((r) => r.reference)).toEqual([ok[0].body.reference]);
    expect(await entriesOf(ok[0].body.reference)).toHaveLength(2);
    expect(await availableMinor()).toBe(4000n);
  });

  it("never refunds more than the payment for concurrent refunds under different keys", async () => {
    const paymentReference = await paidLink();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => refund({ paymentReference, amount: 2000 }, `different-${i}`)));
    const statuses = answers.map((r) => (r.status === 200 ? 200 : `${r.status}/${r.body.error.code}`));
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s !== 200)).toEqual(Array(4).fill("400/40010"));
    expect((await refunds()).reduce((sum, r) => sum + r.amountMinor, 0n)).toBe(4000n);
    expect(await availableMinor()).toBe(1000n);
  });

  it("answers the row as Prisma reads it back, in a transaction of its own or in the caller's (acceptRefund)", async () => {
    const paymentReference = await paidLink();
    const options = { merchantId: merchant().id, environment: "sandbox" as const, input: { paymentReference, amount: 1000, reason: "Order cancelled", metadata: { ticket: "T-9" } }, requestedBy: "api" };
    const own = await acceptRefund(db(), options);
    expect(await db().refund.findUniqueOrThrow({ where: { id: own.id } })).toEqual(own);
    const joined = await db().$transaction((tx) => acceptRefund(tx, options));
    expect(await db().refund.findUniqueOrThrow({ where: { id: joined.id } })).toEqual(joined);
    expect(await availableMinor()).toBe(3000n);
  });

  it("runs without Prisma's interactive transaction", async () => {
    const paymentReference = await paidLink();
    const interactive = vi.spyOn(PrismaClient.prototype, "$transaction");
    expect((await refund({ paymentReference, amount: 1000 }, "no-interactive")).status).toBe(200);
    expect((await refund({ paymentReference, amount: 1000 })).status).toBe(200);
    expect(await refunds()).toHaveLength(2);
    expect(interactive).not.toHaveBeenCalled();
  });

  it("is resumed by a retry once its request died after the intent and its claim lapsed: the same refund", async () => {
    const paymentReference = await paidLink();
    const first = await refund({ paymentReference, amount: 1000 }, "died-after-intent");
    const row = (await keyRow("died-after-intent"))!;
    await db().idempotencyKey.update({
      where: { id: row.id },
      data: { recoveryPoint: "intent_committed", responseStatus: null, responseBody: Prisma.DbNull, claimToken: "the dead process's", leaseUntil: new Date(Date.now() - 1) },
    });
    const retry = await refund({ paymentReference, amount: 1000 }, "died-after-intent");
    expect([retry.status, retry.headers.get("idempotent-replayed"), retry.body.reference]).toEqual([200, null, first.body.reference]);
    expect(await refunds()).toHaveLength(1);
    expect(await keyRow("died-after-intent")).toMatchObject({ recoveryPoint: "finished", responseStatus: 200, claimToken: null });
  });
});
