import type { Deposit } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { errorFields, log } from "@/lib/core/logging/log";
import { readDepositNow } from "@/lib/features/deposits/sync-deposit-with-gateway";
import { amountMatches, type LookupFacts } from "./lookup-facts";
import { MAX_FOUND } from "./lookup-token";

// "Was I charged?" (issue 51): the payments (deposits, checkout attempts included) that match
// every fact the customer gave, in one environment, newest first. The facts are enough by
// construction (lookup-facts.ts): a phone number, an amount and a day, or an operator id. A match
// still pending, or ended on our side while its operator may still take it, is read at its
// operator there and then (outside any transaction), so the answer is the operator's latest.

/** One customer's payments in a day are few; a number that pays more (a shop's own phone) shows the newest. */
const CANDIDATES = 50;

function matchesAll(deposit: Deposit, facts: LookupFacts): boolean {
  if (facts.phone && deposit.customerPhone !== facts.phone) return false;
  if (facts.operatorId && deposit.operatorReference?.toUpperCase() !== facts.operatorId.toUpperCase()) return false;
  if (facts.amount && !amountMatches(facts.amount, deposit)) return false;
  if (facts.day) {
    // Started that day, or paid that day (an approval just after midnight).
    const inDay = (at: Date | null) => at !== null && at >= facts.day!.start && at < facts.day!.end;
    if (!inDay(deposit.createdAt) && !inDay(deposit.completedAt)) return false;
  }
  return true;
}

/** The candidates of the most selective fact given: the operator id, else the phone. */
async function candidates(client: DbClient, environment: Environment, facts: LookupFacts): Promise<Deposit[]> {
  if (facts.operatorId) {
    // Ids are stored as the operator gave them (digits, or capitals and digits); a phone's
    // keyboard may have typed the capitals small. An exact match, on the index.
    return client.deposit.findMany({
      where: { environment, operatorReference: { in: [...new Set([facts.operatorId, facts.operatorId.toUpperCase()])] } },
      orderBy: { createdAt: "desc" },
      take: CANDIDATES,
    });
  }
  if (!facts.phone || !facts.day) return [];
  // A payment paid that day may have started the evening before.
  const from = new Date(facts.day.start.getTime() - 24 * 3600_000);
  return client.deposit.findMany({
    where: { environment, customerPhone: facts.phone, createdAt: { gte: from, lt: facts.day.end } },
    orderBy: { createdAt: "desc" },
    take: CANDIDATES,
  });
}

/** The ids of the payments matching every fact (at most MAX_FOUND, newest first), each brought up to date with its operator. */
export async function findCharges(client: DbClient, options: { environment: Environment; facts: LookupFacts; now?: Date }): Promise<string[]> {
  const found = (await candidates(client, options.environment, options.facts)).filter((d) => matchesAll(d, options.facts)).slice(0, MAX_FOUND);
  await Promise.all(found.map((deposit) => refreshAtOperator(client, deposit, options.now)));
  return found.map((d) => d.id);
}

/** The payments of a look-up, read at their operators again ("check again"): those still open only. */
export async function refreshCharges(client: DbClient, options: { environment: Environment; ids: string[]; now?: Date }): Promise<void> {
  const rows = await client.deposit.findMany({ where: { id: { in: options.ids.slice(0, MAX_FOUND) }, environment: options.environment } });
  await Promise.all(rows.map((deposit) => refreshAtOperator(client, deposit, options.now)));
}

/** A pending payment, or one ended here that its operator may still take: asked now. An operator that cannot answer leaves it as it was. */
async function refreshAtOperator(client: DbClient, deposit: Deposit, now = new Date()) {
  if (deposit.status === "completed" || deposit.heldReason || (deposit.status !== "pending" && !deposit.followUntil)) return;
  try {
    await readDepositNow(client, deposit, now);
  } catch (error) {
    log("warn", "charge lookup: operator read failed", { reference: deposit.reference, ...errorFields(error) });
  }
}
