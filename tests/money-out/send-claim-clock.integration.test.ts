import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { claimedHooks } from "@/lib/features/money-out/step-money-out";
import { claimSend, sendClaimLeaseMs } from "@/lib/features/money-out/send-claim";
import { call } from "../helpers/api-client";
import { newMerchant } from "../helpers/fixtures";
import { fundMerchant } from "../helpers/fund-merchant";
import { secondProcess } from "../helpers/second-process";

// Issue 46, item 3: a send claim's lease is judged by the database's clock, never a process's, so
// a worker whose clock runs ahead cannot take a claim its holder still uses (two holders would both
// call the operator), and one whose clock runs behind still takes a claim whose holder died.

// PostgreSQL only: PGlite runs inside this process and reads its clock through the same Date (a
// skewed Date skews the database too), and one process has one clock anyway.
afterEach(() => {
  vi.useRealTimers();
});

/** A pending transfer nobody works on (a sandbox one, answered later: no runner runs here). */
async function pendingTransfer() {
  const m = await newMerchant();
  await fundMerchant(m.sandboxKey, [5000]);
  const res = await call("POST", "/test/api/v4/transfers/instant", {
    key: m.sandboxKey,
    body: { amount: 1000, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: "+2250700000444", country: "CI" },
  });
  expect([res.status, res.body.status]).toEqual([200, "pending"]);
  return db().transfer.findUniqueOrThrow({ where: { reference: res.body.reference } });
}

/** This process's clock moved by `skewMs` (Date only: timers, the pool and the database run on). */
function skewClock(skewMs: number) {
  const real = Date.now();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(real + skewMs);
}

describe.skipIf(!process.env.DATABASE_URL)("the send claim's lease", () => {
  it("is not taken by a claimer whose clock runs past the holder's lease, and the holder's renewal is the database's", async () => {
    const transfer = await pendingTransfer();
    const holder = await claimSend(db(), "transfer", transfer.id);
    expect(holder).not.toBeNull();
    const realStart = Date.now();

    // Another worker, its clock ten leases ahead: to it the holder's lease has long lapsed.
    skewClock(10 * sendClaimLeaseMs());
    const other = secondProcess();
    try {
      expect(await claimSend(other.client, "transfer", transfer.id)).toBeNull();
      // The holder renews its lease as it sends (under the same skewed clock): until the database's now + a lease.
      await claimedHooks(db(), holder!).beforeSend(new Date());
      expect(await claimSend(other.client, "transfer", transfer.id)).toBeNull();
    } finally {
      await other.close();
    }
    vi.useRealTimers();
    const row = await db().transfer.findUniqueOrThrow({ where: { id: transfer.id } });
    expect(row.sendClaim).toBe(holder!.token);
    expect(row.sendClaimUntil!.getTime()).toBeLessThan(Date.now() + sendClaimLeaseMs() + 1000);
    expect(row.sendClaimUntil!.getTime()).toBeGreaterThan(realStart + sendClaimLeaseMs() - 5000);
  });

  it("is taken by a claimer whose clock runs behind once it has lapsed by the database's clock", async () => {
    const transfer = await pendingTransfer();
    const dead = await claimSend(db(), "transfer", transfer.id);
    expect(dead).not.toBeNull();
    // Its holder died: the lease lapsed a second ago, by the database's clock.
    await db().$executeRaw`UPDATE "Transfer" SET "sendClaimUntil" = (clock_timestamp() AT TIME ZONE 'UTC') - interval '1 second' WHERE "id" = ${transfer.id}`;
    skewClock(-60 * 60_000);
    const taken = await claimSend(db(), "transfer", transfer.id);
    expect(taken).not.toBeNull();
    expect(taken!.token).not.toBe(dead!.token);
  });
});
