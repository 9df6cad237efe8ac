import { Prisma } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { db, type DbClient } from "@/lib/core/db/client";
import { CLAIM_LEASE_MS, claimDueRows, FAILED_ROW_RETRY_MS } from "@/lib/core/db/claim-due-rows";
import { call } from "../helpers/api-client";
import { newMerchant, validLink } from "../helpers/fixtures";
import { secondProcess } from "../helpers/second-process";

// The due-work sweep's batch claims (lib/core/db/claim-due-rows.ts): runners in several processes
// take disjoint rows, a claimed row waits for its lease, and a released one is due again at once.
// Only this file's merchant's rows are claimed, so passes of other files are not disturbed.

async function dueLinks(count: number) {
  const merchant = await newMerchant();
  for (let i = 0; i < count; i++) {
    const res = await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: validLink });
    expect(res.status).toBe(200);
  }
  const links = await db().paymentLink.findMany({ where: { merchantId: merchant.id }, select: { id: true, expiresAt: true } });
  // Due a minute after the last one's expiry, on the claims' own clock.
  const now = new Date(Math.max(...links.map((l) => l.expiresAt.getTime())) + 60_000);
  const due = Prisma.sql`"merchantId" = ${merchant.id} AND "status" = 'pending' AND "expiresAt" <= ${now}::timestamp(3)`;
  return { ids: links.map((l) => l.id).sort(), now, claim: (client: DbClient, limit: number, at = now) => claimDueRows(client, "PaymentLink", { due, orderBy: Prisma.sql`"expiresAt"`, limit, now: at }) };
}

describe("claimDueRows", () => {
  it("gives runners claiming at the same moment disjoint batches that together cover every due row", async () => {
    const { ids, claim } = await dueLinks(12);
    const other = secondProcess();
    try {
      const claims = await Promise.all([claim(db(), 5), claim(other.client, 5), claim(db(), 5), claim(other.client, 5)]);
      const taken = claims.flatMap((c) => c.ids);
      expect(new Set(taken).size).toBe(taken.length);
      expect(taken.sort()).toEqual(ids);
      for (const c of claims) expect(c.ids.length).toBeLessThanOrEqual(5);
      await Promise.all(claims.map((c) => c.release()));
    } finally {
      await other.close();
    }
  });

  it("holds a claimed row until its lease lapses or it is released", async () => {
    const { ids, now, claim } = await dueLinks(3);
    const first = await claim(db(), 10);
    expect(first.ids.sort()).toEqual(ids);
    expect((await claim(db(), 10)).ids).toEqual([]);
    // A runner that died holding the claim: another takes the rows once the lease has lapsed.
    const afterLease = await claim(db(), 10, new Date(now.getTime() + CLAIM_LEASE_MS));
    expect(afterLease.ids.sort()).toEqual(ids);
    // The first runner's late release does not free the rows the second one holds now.
    await first.release();
    expect((await claim(db(), 10)).ids).toEqual([]);
    await afterLease.release();
    expect((await claim(db(), 10)).ids.sort()).toEqual(ids);
  });

  it("keeps a row whose work threw aside for its back-off, so the rows behind it get the next batches", async () => {
    const { ids, now, claim } = await dueLinks(3);
    const first = await claim(db(), 1);
    const [failing] = first.ids;
    first.failed(failing);
    await first.release();
    // Without the back-off the oldest row, failing on every pass, would fill every batch of one.
    const others = ids.filter((id) => id !== failing).sort();
    const second = await claim(db(), 1);
    expect(others).toContain(second.ids[0]);
    await second.release();
    const beforeRetry = await claim(db(), 10, new Date(now.getTime() + FAILED_ROW_RETRY_MS - 1000));
    expect(beforeRetry.ids.sort()).toEqual(others);
    await beforeRetry.release();
    const afterRetry = await claim(db(), 10, new Date(now.getTime() + FAILED_ROW_RETRY_MS));
    expect(afterRetry.ids.sort()).toEqual(ids);
    await afterRetry.release();
    expect((await claim(db(), 10)).ids.sort()).toEqual(ids);
  });
});
