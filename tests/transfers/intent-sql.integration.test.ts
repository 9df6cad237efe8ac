import { Prisma, PrismaClient } from "@prisma/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import type { LockedWrite } from "@/lib/core/db/locked-write";
import { insideDbTransaction } from "@/lib/core/db/transaction-scope";
import { ACCOUNTS } from "@/lib/features/ledger/accounts";
import { creditCollection } from "@/lib/features/ledger/credit-collection";
import type { TransferRequest } from "@/lib/core/schemas/transfer";
import { acceptTransfer, prepareTransfer } from "@/lib/features/transfers/create-transfer";
import { IDEMPOTENCY_LEASE_MS, runIdempotentPhases } from "@/lib/surfaces/http/idempotency";
import { call } from "../helpers/api-client";
import { merchantCheckedAfterEach } from "../helpers/reconciled";

// Issue 47, item 1: a transfer's intent (the balance lock, the balance check, the transfer and its
// entries, the Idempotency-Key's claim and recovery point) runs in direct SQL, in a transaction of
// its own (lib/core/db/locked-write.ts), not in Prisma's interactive transaction. Every guarantee
// of the key stays: the first answer replayed, another body refused, one transfer for concurrent
// duplicates, never more taken than there is, nothing written and the key freed on a refusal, a
// lapsed claim taken over resuming the same transfer.

const merchant = merchantCheckedAfterEach();
afterEach(() => vi.restoreAllMocks());

const body = (amount: number) => ({ amount, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: "+2250700000444", country: "CI" });
const transfer = (payload: object, key?: string) =>
  call("POST", "/test/api/v4/transfers/instant", { key: merchant().sandboxKey, body: payload, headers: key ? { "idempotency-key": key } : {} });

/** Sandbox money, credited through the ledger as a completed deposit is. */
async function fund(amountMinor: bigint) {
  const reference = `DEP_FUND_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  await db().$transaction((tx) =>
    creditCollection(tx, { kind: "deposit_completed", merchantId: merchant().id, environment: "sandbox", currency: "XOF", reference, amountMinor, feesMinor: 0n, at: new Date() }),
  );
}

const transfers = () => db().transfer.findMany({ where: { merchantId: merchant().id } });
const entriesOf = (reference: string) => db().ledgerEntry.findMany({ where: { reference } });
const keyRow = (key: string) => db().idempotencyKey.findFirst({ where: { merchantId: merchant().id, key } });
/** The merchant's available balance, summed from the ledger itself. */
async function availableMinor() {
  const sum = await db().ledgerEntry.aggregate({ where: { merchantId: merchant().id, environment: "sandbox", currency: "XOF", account: ACCOUNTS.available }, _sum: { amountMinor: true } });
  return sum._sum.amountMinor ?? 0n;
}

describe("a keyed transfer's intent in direct SQL", () => {
  it("replays the first answer for the same key and body, refuses another body (422/40020)", async () => {
    await fund(10_000n);
    const first = await transfer(body(1000), "same-key");
    expect(first.status).toBe(200);
    const again = await transfer(body(1000), "same-key");
    expect([again.status, again.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
    expect(again.body).toEqual(first.body);
    const other = await transfer(body(2000), "same-key");
    expect([other.status, other.body.error.code]).toEqual([422, 40020]);
    expect((await transfers()).map((t) => t.reference)).toEqual([first.body.reference]);
    expect(await entriesOf(first.body.reference)).toHaveLength(2);
    expect(await availableMinor()).toBe(10_000n - BigInt(first.body.totalDebited));
    expect(await keyRow("same-key")).toMatchObject({ recoveryPoint: "finished", resourceId: (await transfers())[0].id, claimToken: null, leaseUntil: null });
  });

  it("refuses more than the balance with 422/40013, writes nothing and frees the key: a corrected retry with it goes through", async () => {
    await fund(1_000n);
    const refused = await transfer(body(5000), "too-much");
    expect([refused.status, refused.body.error.code]).toEqual([422, 40013]);
    expect(refused.body.error.details).toMatch(/^available 1000 XOF; this transfer needs 5050 \(amount 5000 \+ fees 50\)$/);
    expect(await transfers()).toEqual([]);
    expect(await db().ledgerEntry.count({ where: { merchantId: merchant().id, kind: "transfer_accepted" } })).toBe(0);
    expect(await keyRow("too-much")).toBeNull();
    const corrected = await transfer(body(500), "too-much");
    expect(corrected.status).toBe(200);
    expect((await transfers()).map((t) => t.reference)).toEqual([corrected.body.reference]);
  });

  it("makes one transfer, with one set of entries, of concurrent duplicates: the others answer 409 or the first's answer", async () => {
    await fund(10_000n);
    const answers = await Promise.all(Array.from({ length: 8 }, () => transfer(body(1000), "duplicates")));
    const ok = answers.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.body.reference)).size).toBe(1);
    for (const r of answers.filter((a) => a.status !== 200)) expect([r.status, r.body.error.code]).toEqual([409, 40020]);
    const rows = await transfers();
    expect(rows.map((t) => t.reference)).toEqual([ok[0].body.reference]);
    expect(await entriesOf(rows[0].reference)).toHaveLength(2);
    expect(await availableMinor()).toBe(10_000n - rows[0].amountMinor - rows[0].feesMinor);
  });

  it("never takes more than the balance for concurrent transfers under different keys", async () => {
    await fund(10_000n);
    // 1 000 + 10 of fees each: 9 of the 12 fit.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => transfer(body(1000), `different-${i}`)));
    const statuses = answers.map((r) => (r.status === 200 ? 200 : `${r.status}/${r.body.error.code}`));
    expect(statuses.filter((s) => s === 200)).toHaveLength(9);
    expect(statuses.filter((s) => s !== 200)).toEqual(Array(3).fill("422/40013"));
    expect(await transfers()).toHaveLength(9);
    expect(await availableMinor()).toBe(10_000n - 9n * 1010n);
    // The refused keys are free, the accepted ones finished.
    const keys = await db().idempotencyKey.findMany({ where: { merchantId: merchant().id } });
    expect(keys.map((k) => k.recoveryPoint)).toEqual(Array(9).fill("finished"));
  });

  it("runs without Prisma's interactive transaction, keyed or not", async () => {
    await fund(10_000n);
    const interactive = vi.spyOn(PrismaClient.prototype, "$transaction");
    expect((await transfer(body(1000), "no-interactive")).status).toBe(200);
    expect((await transfer(body(1000))).status).toBe(200);
    expect(await transfers()).toHaveLength(2);
    expect(interactive).not.toHaveBeenCalled();
  });
});

describe("acceptTransfer", () => {
  const input = { ...body(1000), beneficiaryName: "Awa Diop", callbackUrl: "https://hooks.invalid/transfers", metadata: { order: "A-1" } } as TransferRequest;

  it("answers the row as Prisma reads it back, in a transaction of its own or in the caller's", async () => {
    await fund(10_000n);
    const own = await acceptTransfer(db(), { merchantId: merchant().id, environment: "sandbox", input });
    expect(await db().transfer.findUniqueOrThrow({ where: { id: own.id } })).toEqual(own);
    const joined = await db().$transaction((tx) => acceptTransfer(tx, { merchantId: merchant().id, environment: "sandbox", input }));
    expect(await db().transfer.findUniqueOrThrow({ where: { id: joined.id } })).toEqual(joined);
    expect(await entriesOf(joined.reference)).toHaveLength(2);
  });

  it("rolls back with the caller's transaction", async () => {
    await fund(10_000n);
    const failed = await db()
      .$transaction(async (tx) => {
        await acceptTransfer(tx, { merchantId: merchant().id, environment: "sandbox", input });
        throw new Error("the caller fails after");
      })
      .catch((error: Error) => error.message);
    expect(failed).toBe("the caller fails after");
    expect(await transfers()).toEqual([]);
    expect(await availableMinor()).toBe(10_000n);
  });
});

describe("a lapsed claim", () => {
  /** A keyed transfer whose request died after its intent committed: its key left at intent_committed, its lease lapsed. */
  async function diedAfterIntent(key: string) {
    const first = await transfer(body(1000), key);
    expect(first.status).toBe(200);
    const row = (await keyRow(key))!;
    await db().idempotencyKey.update({
      where: { id: row.id },
      data: { recoveryPoint: "intent_committed", responseStatus: null, responseBody: Prisma.DbNull, claimToken: "the dead process's", leaseUntil: new Date(Date.now() - 1) },
    });
    return first.body.reference as string;
  }

  it("is taken over by a retry, which resumes the same transfer", async () => {
    await fund(10_000n);
    const reference = await diedAfterIntent("died-after-intent");
    const retry = await transfer(body(1000), "died-after-intent");
    expect([retry.status, retry.headers.get("idempotent-replayed")]).toEqual([200, null]);
    expect(retry.body.reference).toBe(reference);
    expect(await transfers()).toHaveLength(1);
    expect(await keyRow("died-after-intent")).toMatchObject({ recoveryPoint: "finished", responseStatus: 200, claimToken: null });
  });

  it("that had committed nothing is taken over, and the retry's intent commits its recovery point with the transfer", async () => {
    await fund(10_000n);
    const probe = await transfer(body(1000), "probe");
    const { requestHash, route } = (await keyRow("probe"))!;
    const crashedAt = Date.now() - IDEMPOTENCY_LEASE_MS - 1_000;
    await db().idempotencyKey.create({
      data: {
        id: `crashed-${merchant().id}`, merchantId: merchant().id, environment: "sandbox", route, key: "died-before-intent", requestHash,
        createdAt: new Date(crashedAt), expiresAt: new Date(crashedAt + 86_400_000), claimToken: "the dead process's", leaseUntil: new Date(crashedAt + IDEMPOTENCY_LEASE_MS),
      },
    });
    const retry = await transfer(body(1000), "died-before-intent");
    expect(retry.status).toBe(200);
    expect(retry.body.reference).not.toBe(probe.body.reference);
    const made = (await transfers()).find((t) => t.reference === retry.body.reference)!;
    expect(await keyRow("died-before-intent")).toMatchObject({ id: `crashed-${merchant().id}`, recoveryPoint: "finished", resourceId: made.id });
    expect(await entriesOf(made.reference)).toHaveLength(2);
  });
});

describe("runIdempotentPhases with a locked write", () => {
  const scope = () => ({ merchantId: merchant().id, environment: "sandbox" as const, route: "tests.locked" });
  const prepare = () => prepareTransfer(db(), { merchantId: merchant().id, environment: "sandbox", input: body(1000) });
  const complete = async (id: string) => ({ status: 200, body: { id } });

  it("writes inside a transaction for the operator-call guard, and the key's claim with it", async () => {
    await fund(10_000n);
    const seen: boolean[] = [];
    const observed = async (): Promise<LockedWrite<{ id: string }>> => {
      const locked = await prepare();
      return {
        ...locked,
        write: (sql, alongside) => {
          seen.push(insideDbTransaction());
          return locked.write(sql, alongside);
        },
      };
    };
    const answer = await runIdempotentPhases(scope(), "observed", {}, { intent: { locked: observed }, complete });
    expect(seen).toEqual([true]);
    expect(insideDbTransaction()).toBe(false);
    expect(await keyRow("observed")).toMatchObject({ recoveryPoint: "finished", resourceId: (answer.body as { id: string }).id });
  });

  it("writes nothing when its claim was taken over before the rows went in: 409, and the claim's transaction rolled back", async () => {
    await fund(10_000n);
    const takenOver = async (): Promise<LockedWrite<{ id: string }>> => {
      const locked = await prepare();
      return {
        ...locked,
        write: async (sql, alongside) => {
          // Another request's token on the claim, as a take-over leaves it.
          await sql(`UPDATE "IdempotencyKey" SET "claimToken" = 'another' WHERE "merchantId" = $1 AND key = $2`, [merchant().id, "taken-over"]);
          return locked.write(sql, alongside);
        },
      };
    };
    const outcome = await runIdempotentPhases(scope(), "taken-over", {}, { intent: { locked: takenOver }, complete }).catch((error: unknown) => error);
    expect(outcome).toMatchObject({ code: 40020, status: 409 });
    expect(await transfers()).toEqual([]);
    expect(await db().ledgerEntry.count({ where: { merchantId: merchant().id, kind: "transfer_accepted" } })).toBe(0);
    expect(await keyRow("taken-over")).toBeNull();
  });
});
