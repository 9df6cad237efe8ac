import type { Deposit } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import type { OperatorName } from "@/lib/integrations/gateways/operators/operator-errors";
import type { OperatorCallbackNotice, OperatorPlugin } from "@/lib/integrations/gateways/operators/operator-plugin";
import { servingPlugin } from "@/lib/integrations/gateways/operators/operator-gateways";
import { operatorPlugin } from "@/lib/integrations/gateways/operators/registry";
import { errorFields, log } from "@/lib/core/logging/log";
import { sendClaimLeaseMs } from "@/lib/features/money-out/send-claim";
import { tryStepLiveMoneyOut } from "@/lib/features/money-out/send-due-money-out";
import { REFUND_KIND } from "@/lib/features/refunds/refund-kind";
import { TRANSFER_KIND } from "@/lib/features/transfers/transfer-kind";
import { applyGatewayOutcome, followEndedDeposit, syncDepositWithGateway } from "./sync-deposit-with-gateway";

// An operator's callback at /api/operators/{operator}/callback, read by the operator's plug-in
// (its `callback`), which says what it is; nothing it says is taken without the checks here.
// A hint (MTN's, unsigned and sendable by anyone; Orange's, authenticated) never changes a
// deposit by what it says: it only makes us read the status of the live deposit it names
// (syncDepositWithGateway). A duplicate or out-of-order callback finds the deposit settled, or
// reads the same status again: nothing changes. An authenticated outcome (Wave's events) is
// applied, but only when its request is the deposit's own (id, reference) for exactly what the
// customer was to pay.

/** The gateways an operator serves here for an operation (an aggregator's only where it does: not those a direct operator keeps). */
const servedGateways = (plugin: OperatorPlugin, operation: "deposit" | "payout" | "refund") =>
  plugin.gateways.filter((gateway) => gateway.operations.includes(operation) && servingPlugin(gateway.name)?.plugin.id === plugin.id).map((gateway) => gateway.name);

/**
 * The rows an operator's callback may be about: those made through it (their `operator`), even
 * once their gateway is served by another; a row made before operators were recorded, by the
 * gateways it serves now.
 */
const madeThrough = (plugin: OperatorPlugin, operation: "deposit" | "payout" | "refund") => ({
  OR: [{ operator: plugin.id }, { operator: null, gatewayName: { in: servedGateways(plugin, operation) } }],
});

/** The deposits a callback may be about: live, made through the operator, open or ended (a late success is still read). */
const openLiveDeposits = (plugin: OperatorPlugin) => ({
  environment: "live" as const,
  status: { in: ["pending" as const, "expired" as const, "failed" as const] },
  AND: [madeThrough(plugin, "deposit")],
});

/**
 * Handles one callback. Returns at once with `read`, the status read it started (or null): the
 * operator gets its 200 without waiting for us to ask it back. The deposit is first marked due for
 * a check now, so the sweep reads it even if this process dies before `read` ends.
 */
export async function receiveOperatorCallback(
  client: DbClient,
  options: { operator: OperatorName; method?: string; url: URL; bodyText: string; headers?: Headers; now?: Date },
): Promise<{ read: Promise<void> | null; refused?: string }> {
  const now = options.now ?? new Date();
  const { operator } = options;
  const plugin = operatorPlugin(operator);
  if (!plugin?.callback) {
    log("info", "operator callback ignored: not wired for this operator", { operator });
    return { read: null };
  }
  const notice = plugin.callback({ method: options.method ?? "POST", url: options.url, bodyText: options.bodyText, headers: options.headers ?? new Headers(), now });
  switch (notice.kind) {
    case "refused":
      log("warn", "operator callback refused", { operator, reason: notice.reason, ...notice.fields });
      return { read: null, refused: notice.reason };
    case "ignored":
      log("info", `operator callback ignored: ${notice.why}`, { operator, ...notice.fields });
      return { read: null };
    case "read":
      return readNamedDeposit(client, plugin, notice, now);
    case "read-money-out":
      return readNamedMoneyOut(client, plugin, notice, now);
    case "outcome":
      await applyOutcome(client, plugin, notice, now);
      return { read: null };
  }
}

/**
 * A hint: the live deposit it names (by our reference, else the operator's), once it reached the
 * operator, is read at the operator now, whatever the callback says. An unknown one is answered
 * 2xx too: operators take a 4xx as final.
 */
async function readNamedDeposit(client: DbClient, plugin: OperatorPlugin, notice: Extract<OperatorCallbackNotice, { kind: "read" }>, now: Date) {
  const { reference, operatorReference, operatorRequestId, sent } = notice;
  const names = [...(reference ? [{ reference }] : []), ...(operatorReference ? [{ operatorReference }] : []), ...(operatorRequestId ? [{ operatorRequestId }] : [])];
  const deposit = names.length ? await client.deposit.findFirst({ where: { OR: names, ...openLiveDeposits(plugin), [sent]: { not: null } } }) : null;
  if (!deposit) {
    log("info", "operator callback for no open live deposit", { operator: plugin.id, reference, operatorReference, operatorRequestId, ...notice.fields });
    return { read: null };
  }
  return readStatusNow(client, deposit, now);
}

/**
 * An authenticated hint about a payout or refund (pawaPay's, naming the id we stored before
 * sending it): the pending live row made through the operator that left for it
 * is marked due now (the reconciliation reads it even if this process dies), then read at the
 * operator under its send claim, like any reconciliation step: never settled by the body.
 */
async function readNamedMoneyOut(client: DbClient, plugin: OperatorPlugin, notice: Extract<OperatorCallbackNotice, { kind: "read-money-out" }>, now: Date) {
  const where = {
    operatorRequestId: notice.operatorRequestId,
    environment: "live" as const,
    status: "pending" as const,
    operatorSentAt: { not: null },
    AND: [madeThrough(plugin, notice.operation)],
  };
  const row =
    notice.operation === "payout"
      ? await client.transfer.findFirst({ where: { ...where, gatewayType: "DIRECT" }, select: { id: true } })
      : await client.refund.findFirst({ where, select: { id: true } });
  if (!row) {
    log("info", "operator callback for no pending live money out", { operator: plugin.id, operation: notice.operation, operatorRequestId: notice.operatorRequestId, ...notice.fields });
    return { read: null };
  }
  const due = { where: { id: row.id, status: "pending" as const }, data: { dueAt: now } };
  if (notice.operation === "payout") await client.transfer.updateMany(due);
  else await client.refund.updateMany(due);
  const read = readWhenFree(() => (notice.operation === "payout" ? tryStepLiveMoneyOut(client, TRANSFER_KIND, row.id, now) : tryStepLiveMoneyOut(client, REFUND_KIND, row.id, now))).then(
    () => undefined,
    (error: unknown) => log("error", "money-out read after an operator callback failed", { operation: notice.operation, id: row.id, ...errorFields(error) }),
  );
  return { read };
}

/** How long apart a callback's read asks again for the row another sender holds (its send's answer and the callback can cross). */
const CLAIM_WAIT_MS = 250;

/**
 * Runs a money-out step; while another sender holds the row (the callback came before the send's
 * answer was recorded: the step was skipped), runs it again a moment later, until a step of ours
 * ran or the row is settled: a send slowed by load must not leave the callback unread until the
 * reconciliation's next pass. A skipped step is tried again even when the row it read back shows
 * the claim free: the sender may have let go between our try and that read, having read nothing
 * final. Bounded by two leases in all (a sender that died holds it no longer than one), should
 * senders keep taking the row.
 */
export async function readWhenFree(step: () => Promise<{ row: { status: string }; stepped: boolean }>, waitMs = CLAIM_WAIT_MS) {
  const giveUpAt = Date.now() + 2 * sendClaimLeaseMs();
  for (;;) {
    const { row, stepped } = await step();
    if (stepped || row.status !== "pending" || Date.now() >= giveUpAt) return;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

/**
 * An authenticated outcome, once matched with its deposit, is applied (applyGatewayOutcome): a
 * success credits the deposit, even after our expiry (a late success, credited once); a failed
 * try on a request still open is noted on the deposit, which stays payable. A repeated event finds
 * the deposit settled, or notes the same try again: nothing changes twice.
 */
async function applyOutcome(client: DbClient, plugin: OperatorPlugin, notice: Extract<OperatorCallbackNotice, { kind: "outcome" }>, now: Date) {
  const deposit = notice.reference ? await client.deposit.findFirst({ where: { reference: notice.reference, ...openLiveDeposits(plugin) } }) : null;
  if (!deposit) {
    log("info", "operator event for no pending or ended live deposit", { operator: plugin.id, event: notice.eventId, reference: notice.reference });
    return;
  }
  const mismatch =
    notice.operatorRequestId !== deposit.operatorRequestId ||
    notice.amountMinor !== deposit.amountMinor + deposit.feesMinor ||
    notice.currency !== deposit.currency;
  if (mismatch) {
    log("warn", "operator event ignored: its request does not match the deposit", {
      operator: plugin.id,
      event: notice.eventId,
      reference: deposit.reference,
      request: notice.operatorRequestId,
      amount: notice.amountMinor?.toString(),
      currency: notice.currency,
    });
    return;
  }
  await applyGatewayOutcome(client, deposit, notice.outcome, now);
}

/**
 * Marks a deposit due for a check now (the sweep reads it even if this process dies before the
 * read ends), then starts its status read. A callback after our expiry (or a failure we recorded)
 * may bring a late success: it is read too, never ignored, and once again even when its follow-up
 * had ended.
 */
async function readStatusNow(client: DbClient, deposit: Deposit, now: Date): Promise<{ read: Promise<void> }> {
  await client.deposit.updateMany({ where: { id: deposit.id, status: deposit.status }, data: { nextCheckAt: now } });
  const settle =
    deposit.status === "pending"
      ? syncDepositWithGateway(client, { ...deposit, nextCheckAt: now }, now)
      : followEndedDeposit(client, { ...deposit, followUntil: deposit.followUntil ?? now }, now);
  const read = settle.then(
    () => undefined,
    (error: unknown) => log("error", "status read after an operator callback failed", { reference: deposit.reference, ...errorFields(error) }),
  );
  return { read };
}
