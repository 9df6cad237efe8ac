import { db } from "@/lib/core/db/client";
import { ACCOUNTS } from "@/lib/features/ledger/accounts";
import { reconcile } from "@/lib/features/ledger/reconcile";
import type { FakeRow } from "../fakes/fake-profile";
import { call } from "../helpers/api-client";
import { openItems } from "./drain";
import type { Played } from "./run-schedule";
import type { World } from "./world";

// The invariants checked after each schedule's drain, from the operators' side (what the fakes
// made) and from ours (the rows, the ledger, the API); each broken one is a line of the report.
//  1. Every request the operator acted on for the schedule's customers and beneficiaries (MTN's
//     transactions, Wave's payouts, Wave's sessions a customer paid, and pawaPay's deposits,
//     payouts and refunds) has exactly one record of ours, by the request id or reference we sent,
//     and no record has two of them.
//  2. A record is completed if and only if the operator paid it, and its funds were never released
//     while the operator had paid it (no late success booked); nothing is left open.
//  3. Per merchant: the API's balance = the ledger's merchant accounts = the operator's view (what
//     its customers paid in, less what the operator paid out for it: amount + our fees for a
//     payout, the amount for a refund, less what is held for open items); the support check of
//     the books (every journal sums to zero, refund postings, ...) finds nothing.
//  4. No request (the merchant API, our callback route) was answered 500.
//  5. The service logged no error, here or in a worker (a step that threw, an operator call refused
//     inside a transaction, a payout Wave holds twice...).
//  6. Every approved batch (issue 49) has one transfer per line, and once its lines are final it is
//     completed (with failures if and only if a line failed) with one transfer_batch.completed.

/** Whose an MSISDN is: a merchant's customer (who pays in, and is refunded) or a payout's beneficiary, and the amount asked. */
export type Party = { merchant: number; role: "customer" | "beneficiary"; amount: number };

/** Our table for each kind of pawaPay record. */
const PAWAPAY_TABLE = { deposit: "collection", payout: "transfer", refund: "refund" } as const;

export async function checkSchedule(world: World, played: Played): Promise<string[]> {
  const { mtn, wave, pawapay } = world;
  const violations: string[] = [];
  const found = (line: string) => violations.push(line);
  // The schedule's movements: those of its customers and beneficiaries.
  const ours = (msisdn: string | undefined) => !!msisdn && played.parties.has(msisdn.replace(/^\+/, ""));
  const mtnMoves = [...mtn.transactions.values()].filter((tx) => ours(tx.partyId));
  const sessions = [...wave.sessions.values()].filter((session) => ours(session.restrict_payer_mobile));
  const payouts = [...wave.payouts.values()].filter((payout) => ours(payout.mobile));
  const mtnSucceeded = (tx: (typeof mtnMoves)[number]) => tx.outcome.status === "SUCCESSFUL" && Date.now() >= tx.answerAt;
  const wavePayoutsOf = new Map<string, typeof payouts>();
  for (const payout of wave.payouts.values()) {
    if (payout.client_reference) wavePayoutsOf.set(payout.client_reference, [...(wavePayoutsOf.get(payout.client_reference) ?? []), payout]);
  }
  // pawaPay's records of the schedule's numbers (a refund carries its deposit's payer).
  const ppMoves = [...pawapay.records.values()].filter((record) => ours(record.phoneNumber));
  const ppIds = ppMoves.map((record) => record.id);
  /** Whether the operator serving this row's gateway paid it (its fake's profile reads it). */
  const paidBy = (table: FakeRow["table"], row: { gatewayName: string } & Omit<FakeRow, "table">) => world.fakeServing(row.gatewayName)?.torture.paid({ table, ...row }) ?? false;

  // 4 and 5. Every answer, every error logged.
  for (const answer of played.answers) {
    if (answer.status >= 500 && answer.status !== 502 && answer.status !== 503) found(`4: ${answer.what} answered ${answer.status} ${answer.code ?? ""}: ${answer.cause ?? ""}`);
  }
  for (const answer of world.callbackAnswers.slice(played.callbackAnswersBefore)) {
    if (answer.status >= 500) found(`4: the callback route answered an operator ${answer.status} (${answer.path})`);
    // Every callback the relay hands on is pawaPay's own, signed, its headers unchanged: each verifies.
    else if (answer.path.includes("/pawapay/") && answer.status !== 200) found(`4: the callback route refused pawaPay's signed callback: ${answer.status}`);
  }
  for (const error of world.errors.slice(played.errorsBefore)) found(`5: logged: ${error}`);

  // 1. From the operators' side: one record per request acted on, one request per record.
  const mtnIds = mtnMoves.map((tx) => tx.referenceId);
  const waveReferences = payouts.flatMap((p) => (p.client_reference ? [p.client_reference] : []));
  const [depositRows, transferRows, refundRows] = await Promise.all([
    db().deposit.findMany({ where: { operatorRequestId: { in: [...mtnIds, ...sessions.map((s) => s.id), ...ppIds] } } }),
    db().transfer.findMany({ where: { OR: [{ operatorRequestId: { in: [...mtnIds, ...ppIds] } }, { reference: { in: waveReferences } }] } }),
    db().refund.findMany({ where: { OR: [{ operatorRequestId: { in: [...mtnIds, ...ppIds] } }, { reference: { in: waveReferences } }] } }),
  ]);
  const rowsFor = { collection: depositRows, transfer: transferRows, refund: refundRows };
  const perReference = new Map<string, number>();
  for (const tx of mtnMoves) {
    const what = `MTN ${tx.kind} ${tx.referenceId} for ${tx.body.externalId} (${tx.body.amount} ${tx.body.currency}, ${tx.outcome.status})`;
    const rows = rowsFor[tx.kind].filter((row) => row.operatorRequestId === tx.referenceId);
    if (rows.length !== 1) found(`1: ${what} has ${rows.length} records`);
    else if (rows[0].reference !== tx.body.externalId) found(`1: ${what} is recorded as ${rows[0].reference}`);
    const key = `${tx.kind} ${tx.body.externalId}`;
    perReference.set(key, (perReference.get(key) ?? 0) + 1);
  }
  for (const [key, count] of perReference) if (count > 1) found(`1: MTN made ${count} ${key.replace(" ", "s for ")}`);
  for (const reference of new Set(waveReferences)) {
    const made = wavePayoutsOf.get(reference)!;
    const rows = [...transferRows, ...refundRows].filter((row) => row.reference === reference);
    if (rows.length !== 1) found(`1: Wave payout ${made.map((p) => `${p.id} (${p.receive_amount} ${p.status})`).join(", ")} for ${reference} has ${rows.length} records`);
    if (made.length > 1) found(`1: Wave made ${made.length} payouts for ${reference}: ${made.map((p) => `${p.id} ${p.status}`).join(", ")}`);
  }
  const ppPerReference = new Map<string, number>();
  for (const record of ppMoves) {
    const what = `pawaPay ${record.kind} ${record.id} for ${record.clientReferenceId} (${record.amount} ${record.currency}, ${record.status})`;
    const rows = rowsFor[PAWAPAY_TABLE[record.kind]].filter((row) => row.operatorRequestId === record.id);
    if (rows.length !== 1) found(`1: ${what} has ${rows.length} records`);
    else if (rows[0].reference !== record.clientReferenceId) found(`1: ${what} is recorded as ${rows[0].reference}`);
    const key = `${record.kind} ${record.clientReferenceId}`;
    ppPerReference.set(key, (ppPerReference.get(key) ?? 0) + 1);
  }
  for (const [key, count] of ppPerReference) if (count > 1) found(`1: pawaPay made ${count} ${key.replace(" ", "s for ")}`);
  for (const session of sessions) {
    const rows = depositRows.filter((row) => row.operatorRequestId === session.id);
    if (session.payment_status === "succeeded" && rows.length !== 1) found(`1: Wave session ${session.id} for ${session.client_reference}, paid ${session.amount}, has ${rows.length} records`);
    if ((wave.refunds.get(session.id) ?? 0) > 0) played.notes.push(`Wave refunded session ${session.id} whole (its outcome cannot be read back)`);
  }

  // 2. From our side: completed if and only if paid; nothing open.
  const merchantId = { in: played.merchants.map((m) => m.id) };
  const [deposits, transfers, refunds] = await Promise.all([
    db().deposit.findMany({ where: { merchantId } }),
    db().transfer.findMany({ where: { merchantId } }),
    db().refund.findMany({ where: { merchantId } }),
  ]);
  const rows = [
    ...deposits.map((d) => ({ what: `deposit ${d.reference}`, status: d.status, paid: paidBy("deposit", d) })),
    ...transfers.map((t) => ({ what: `transfer ${t.reference}`, status: t.status, paid: paidBy("transfer", t) })),
    ...refunds.map((r) => ({ what: `refund ${r.reference}`, status: r.status, paid: paidBy("refund", r) })),
  ];
  for (const row of rows) {
    if (row.status === "completed" && !row.paid) found(`2: ${row.what} is completed, the operator did not pay it`);
    if ((row.status === "failed" || row.status === "expired") && row.paid) found(`2: ${row.what} is ${row.status}, the operator paid it`);
  }
  // The operators here show everything they took by the drain: a payout or refund released on
  // "no record" and found paid afterwards had its funds given back while the operator had paid it.
  for (const row of [...transfers.map((t) => ({ what: `transfer ${t.reference}`, ...t })), ...refunds.map((r) => ({ what: `refund ${r.reference}`, ...r }))]) {
    if (row.completedLateAt) found(`2: ${row.what} was released (${row.failureReason}, ${row.failedAt?.toISOString()}) while its operator had paid it; booked again late`);
  }
  for (const open of await openItems(world, played)) found(`2: not final after the drain: ${open}`);

  // 3. Balance = ledger = operator view, per merchant.
  const party = (msisdn: string) => played.parties.get(msisdn.replace(/^\+/, ""));
  const feesOf = (row: { feesMinor: bigint } | undefined) => Number(row?.feesMinor ?? 0n);
  for (const [m, merchant] of played.merchants.entries()) {
    const mine = (msisdn: string | undefined, role: Party["role"]) => {
      const p = msisdn ? party(msisdn) : undefined;
      return p?.merchant === m && p.role === role ? p : undefined;
    };
    let paidIn = 0;
    let paidOut = 0;
    for (const tx of mtnMoves) {
      if (!mtnSucceeded(tx)) continue;
      if (tx.kind === "collection") paidIn += mine(tx.partyId, "customer")?.amount ?? 0;
      if (tx.kind === "transfer" && mine(tx.partyId, "beneficiary")) paidOut += Number(tx.body.amount) + feesOf(transferRows.find((t) => t.operatorRequestId === tx.referenceId));
      if (tx.kind === "refund" && mine(tx.partyId, "customer")) paidOut += Number(tx.body.amount);
    }
    for (const record of ppMoves) {
      if (record.status !== "COMPLETED") continue;
      if (record.kind === "deposit") paidIn += mine(record.phoneNumber, "customer")?.amount ?? 0;
      if (record.kind === "payout" && mine(record.phoneNumber, "beneficiary")) paidOut += Number(record.amount) + feesOf(transferRows.find((t) => t.operatorRequestId === record.id));
      if (record.kind === "refund" && mine(record.phoneNumber, "customer")) paidOut += Number(record.amount);
    }
    for (const session of sessions) if (session.payment_status === "succeeded") paidIn += mine(session.restrict_payer_mobile, "customer")?.amount ?? 0;
    for (const payout of payouts) {
      if (payout.status !== "succeeded") continue;
      if (mine(payout.mobile, "beneficiary")) paidOut += Number(payout.receive_amount) + feesOf(transferRows.find((t) => t.reference === payout.client_reference));
      if (mine(payout.mobile, "customer")) paidOut += Number(payout.receive_amount);
    }
    const held =
      transfers.filter((t) => t.merchantId === merchant.id && t.status === "pending").reduce((sum, t) => sum + Number(t.amountMinor + t.feesMinor), 0) +
      refunds.filter((r) => r.merchantId === merchant.id && r.status === "pending").reduce((sum, r) => sum + Number(r.amountMinor), 0);

    const ledger = await db().ledgerEntry.groupBy({ by: ["account"], where: { merchantId: merchant.id, environment: "live", currency: "XOF" }, _sum: { amountMinor: true } });
    const account = (name: string) => Number(ledger.find((row) => row.account === name)?._sum.amountMinor ?? 0n);
    const res = await call("GET", "/api/v4/merchant/balance", { key: merchant.liveKey });
    const balance = (res.body.balances as { currency: string; available: number; pending: number }[] | undefined)?.find((b) => b.currency === "XOF");
    const [available, inFlight] = [account(ACCOUNTS.available), account(ACCOUNTS.inFlight)];
    if (res.status !== 200 || balance?.available !== available || balance?.pending !== inFlight) {
      found(`3: merchant ${m}'s balance through the API (${res.status} ${JSON.stringify(balance)}) is not its ledger's (available ${available}, in flight ${inFlight})`);
    }
    if (available !== paidIn - paidOut - held || inFlight !== held) {
      found(`3: merchant ${m}: ledger available ${available}, in flight ${inFlight}; the operators' view: paid in ${paidIn} - paid out ${paidOut} - held ${held} = ${paidIn - paidOut - held}`);
    }
    for (const problem of await reconcile(db(), { merchantId: merchant.id })) found(`3: merchant ${m}'s books: ${problem.kind} ${problem.reference}: ${problem.details}`);
  }
  // 6. Batches.
  for (const batch of await db().transferBatch.findMany({ where: { merchantId, status: { not: "awaiting_approval" } } })) {
    if (batch.status === "cancelled") continue;
    const lines = transfers.filter((t) => t.batchId === batch.id);
    const what = `batch ${batch.reference} (${batch.status})`;
    if (lines.length !== batch.lineCount) found(`6: ${what} has ${lines.length} transfers for ${batch.lineCount} lines`);
    if (lines.some((t) => t.status === "pending")) continue;
    const expected = lines.some((t) => t.status === "failed") ? "completed_with_failures" : "completed";
    if (batch.status !== expected) found(`6: ${what} should be ${expected}`);
    const events = await db().webhookEvent.count({ where: { reference: batch.reference, type: "transfer_batch.completed" } });
    if (events !== 1) found(`6: ${what} has ${events} transfer_batch.completed events`);
  }
  return violations;
}
