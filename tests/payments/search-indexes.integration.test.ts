import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";

// Support looks a customer up by phone among every link, deposit and transfer ever made
// (lib/features/payments/search-payments.ts): that must be an index lookup, not a scan of the table.
describe("support search by phone", () => {
  it.each([
    ["PaymentLink", "customerPhone"],
    ["Deposit", "customerPhone"],
    ["Transfer", "beneficiaryPhone"],
  ])("%s.%s has an index the lookup uses", async (table, column) => {
    const plan = await db().$transaction(async (tx) => {
      // The tables are nearly empty here, where a scan is cheaper: ask whether an index could serve.
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN SELECT id FROM "${table}" WHERE "${column}" = '+2250700000000'`);
    });
    expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toContain(`${table}_${column}_idx`);
  });
});
