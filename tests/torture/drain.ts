import { setTimeout as sleep } from "node:timers/promises";
import { db } from "@/lib/core/db/client";
import { noRecordSpacingMs } from "@/lib/features/money-out/money-out-settings";
import { gatewayCallSource } from "@/lib/integrations/gateways/live-adapters";
import { operatorBreaker } from "@/lib/integrations/gateways/operators/circuit-breaker";
import { liveGateways } from "@/lib/integrations/gateways/operators/operator-gateways";
import type { FakeRow } from "../fakes/fake-profile";
import type { Played } from "./run-schedule";
import { runPass } from "./worker";
import type { World } from "./world";

// The end of a schedule: the fakes made truthful and final (every request acted on, every MTN
// answer given, every Wave payout left processing ended, pawaPay's providers open again and its
// records shown, every callback delivered), then
// reconciliation passes with a `now` far enough ahead that every rule can act (our expiry of
// deposits, MTN's 10-minute and Wave's 60-second grace before a resend), five minutes later each
// round, until every item of the schedule is final. Only when what is left is payouts and refunds
// the operator has no record of (a refused resend proves nothing: the money stays held) does the
// clock go past the 72-hour follow window, where "no record" releases it, on a second read at
// least MONEY_OUT_NO_RECORD_SPACING_MS after the first: those rounds are that far apart. The clock
// never starts behind where the schedule's own passes took it (Played.aheadMs). Leases are in real
// time: rounds repeat, a moment apart, until the claims of a killed worker have lapsed, and a read
// that timed out (a loaded machine) is made again (bounded).

const MINUTE = 60_000;
const PAST_FOLLOW_WINDOW_MS = 73 * 60 * MINUTE;
const DRAIN_BUDGET_MS = 10_000;

/** Waits until the operators have nothing more of their own to say about this schedule (each fake's profile says what that is). */
export async function quiesce(world: World, played: Played) {
  while (world.fakes.some((fake) => fake.fake.actsPending() > 0)) await sleep(5);
  const context = { parties: played.parties, processing: played.processing, callbackDelays: played.callbackDelays, timeoutMs: world.timeoutMs };
  for (const fake of world.fakes) await fake.torture.settle(context);
  while (world.relaying() > 0) await sleep(10);
}

/**
 * An item of the schedule not final yet: a payout or refund pending, a deposit pending, held, or
 * ended here and still followed at its operator, a payout or refund released on "no record" and
 * still read there. `operatorHasIt`: whether the operator has a request for it. A deposit ended
 * here, or money out released, that its operator has no record of is followed for days by design
 * ("no record" is not final for either, docs/operators.md, docs/decisions.md): `settled`. `dueAt`:
 * when money out is next worked (deposits are worked on their own clocks, within the rounds).
 */
type Open = { line: string; operatorHasIt: boolean; settled: boolean; dueAt: Date | null };

async function open(world: World, played: Played): Promise<Open[]> {
  const merchantId = { in: played.merchants.map((m) => m.id) };
  const [transfers, refunds, deposits] = await Promise.all([
    db().transfer.findMany({ where: { merchantId, OR: [{ status: "pending" }, { status: "failed", followUntil: { not: null } }] } }),
    db().refund.findMany({ where: { merchantId, OR: [{ status: "pending" }, { status: "failed", followUntil: { not: null } }] } }),
    db().deposit.findMany({ where: { merchantId, OR: [{ status: "pending" }, { followUntil: { not: null }, status: { not: "completed" } }, { heldReason: { not: null } }] } }),
  ]);
  const operatorHas = (table: FakeRow["table"], row: { gatewayName: string } & Omit<FakeRow, "table">) => world.fakeServing(row.gatewayName)?.torture.has({ table, ...row }) ?? false;
  const moneyOut = (kind: "transfer" | "refund", row: (typeof transfers)[number] | (typeof refunds)[number]) => {
    const operatorHasIt = operatorHas(kind, row);
    const released = row.status === "failed";
    return {
      line: `${kind} ${row.reference} ${row.gatewayName} ${released ? "released on no record, still read" : "pending"} (operator: ${row.operatorAnswer ?? "-"}; due ${row.dueAt?.toISOString() ?? "never"})`,
      operatorHasIt,
      settled: released && !operatorHasIt,
      dueAt: row.dueAt,
    };
  };
  return [
    ...transfers.map((t) => moneyOut("transfer", t)),
    ...refunds.map((r) => moneyOut("refund", r)),
    ...deposits.map((d) => {
      const operatorHasIt = operatorHas("deposit", d);
      return {
        line: `deposit ${d.reference} ${d.gatewayName} ${d.status}${d.heldReason ? ` held (${d.heldReason})` : d.followUntil ? " still followed" : ""} (operator: ${d.operatorAnswer ?? "-"})`,
        operatorHasIt,
        settled: d.status !== "pending" && !d.heldReason && !operatorHasIt,
        dueAt: null,
      };
    }),
  ];
}

/** What is still open once drained, but for what is settled by design. */
export const openItems = async (world: World, played: Played) => (await open(world, played)).filter((item) => !item.settled).map((item) => item.line);

/** Whether the circuit of an operator serving a live gateway here is open (the registry's call scopes: MTN's target environment). */
const breakerOpen = () =>
  [...liveGateways()].some((gatewayName) => {
    const source = gatewayCallSource(gatewayName);
    return !!source && operatorBreaker(source.operator, source.scope ?? undefined).isOpen;
  });

export async function drainSchedule(world: World, played: Played): Promise<void> {
  let deadline = Date.now() + DRAIN_BUDGET_MS;
  let waited = false;
  let pastWindow = false;
  let roundsPastWindow = 0;
  // The clock never goes back, and reaches at least the first open row's own due time: a send a
  // worker's open circuit refused is put off past where the schedule's passes left the clock.
  let clockMs = played.aheadMs;
  let nextDueMs = 0;
  for (let round = 0; ; round++) {
    // What a round's resends start, the operator answers before the next round.
    await quiesce(world, played);
    // Past the window, each round a spacing of "no record" reads after the last: its read counts.
    if (pastWindow) clockMs = roundsPastWindow++ === 0 ? Math.max(clockMs, PAST_FOLLOW_WINDOW_MS) : clockMs + noRecordSpacingMs() + MINUTE;
    else clockMs = Math.max(clockMs, 16 * MINUTE + round * 5 * MINUTE, nextDueMs);
    const now = new Date(Date.now() + clockMs);
    const here = runPass("reconcile", now).catch((error: unknown) => played.findings.push(`drain: a reconcile pass threw: ${String(error)}`));
    // The first round also in the workers that are up: three runners at the same rows.
    const there = round === 0 ? ([0, 1] as const).filter(world.ready).map(async (i) => (await world.worker(i)).pass("reconcile", now).catch(() => {})) : [];
    await Promise.all([here, ...there]);
    const left = await open(world, played);
    if (left.every((item) => item.settled)) return;
    const dues = left.flatMap((item) => (item.settled || !item.dueAt ? [] : [item.dueAt.getTime() - Date.now()]));
    nextDueMs = dues.length > 0 ? Math.min(...dues) + 1000 : 0;
    // Not before every grace has passed since the last send (at +36 min: a runner 11 min ahead
    // may have sent it), nor while a circuit is open (a read it refuses would leave it unresolved).
    pastWindow = round >= 4 && !breakerOpen() && left.every((item) => !item.operatorHasIt);
    if (Date.now() > deadline) {
      // A circuit opened by the faults stays open 30 s (in this process, for every call to that operator).
      if (waited || !breakerOpen()) return;
      waited = true;
      played.notes.push("drain waited for an operator's circuit to close");
      deadline = Date.now() + 31_000 + DRAIN_BUDGET_MS;
    }
    if (round >= 2) await sleep(100);
  }
}
