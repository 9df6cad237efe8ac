import type { Deposit, Refund, Transfer } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { toMajor } from "@/lib/core/domain/money";

/** Where an open outcome stands, as support reads it. */
export type OpenState =
  /** The operator has not answered finally yet (or its answer was lost): read again with back-off. */
  | "pending_at_operator"
  /** We ended it (expired, failed) but the operator may still take it: closed there where it can be, read until final. */
  | "ended_here_open_there"
  /** The operator reported other figures than ours: nothing credited, support decides. */
  | "held"
  /** Followed for the whole window (72 h) without a final answer: support decides from the operator's statement. */
  | "unresolved"
  /** Support's to do by hand: a refund with no operator refund, a bank transfer of a SCHEDULED batch. */
  | "awaiting_support"
  /** A refund the platform owes whose last try failed: the money is held until support sends it again. */
  | "refund_failed"
  /** Released here on "no record" at the operator (failed, funds back), still read there for days: a late success is booked again. */
  | "released_followed";

export type OpenOutcome = {
  kind: "deposit" | "transfer" | "refund";
  reference: string;
  merchantId: string;
  environment: string;
  gatewayName: string;
  amount: number;
  currency: string;
  /** Our status of it. */
  status: string;
  state: OpenState;
  createdAt: Date;
  ageSeconds: number;
  /** What the operator last said, and when; the figures it reported for a held payment. */
  operatorAnswer: string | null;
  operatorCheckedAt: Date | null;
  /** When it is read (or sent) next; null when nothing more happens on its own. */
  nextCheckAt: Date | null;
  heldReason: string | null;
  operatorFigures: string | null;
};

/**
 * Every live outcome not final at its operator, every payment held for support, and every refund
 * support still has to act on, oldest first: what `npm run reconcile` prints and the support view
 * shows. Sandbox rows settle on their own within seconds and are left out. Payouts and merchants'
 * refunds released on "no record" are listed while they are still read (as deposits ended here
 * are); a refund due released so is listed once, as one to send again.
 */
export async function listOpenOutcomes(client: DbClient, options: { now?: Date; take?: number; merchantId?: string } = {}): Promise<OpenOutcome[]> {
  const now = options.now ?? new Date();
  const take = options.take ?? 500;
  const merchant = options.merchantId ? { merchantId: options.merchantId } : {};
  const age = (createdAt: Date) => Math.round((now.getTime() - createdAt.getTime()) / 1000);

  const [deposits, transfers, refunds, failedDue] = await Promise.all([
    client.deposit.findMany({
      where: { ...merchant, environment: "live", status: { not: "completed" }, OR: [{ followUntil: { not: null } }, { heldReason: { not: null } }] },
      orderBy: { createdAt: "asc" },
      take,
    }),
    client.transfer.findMany({
      where: {
        ...merchant,
        environment: "live",
        gatewayType: { not: "MANUAL" },
        OR: [
          { status: "pending", OR: [{ operatorSentAt: { not: null } }, { handedOverAt: { not: null } }, { unresolvedAt: { not: null } }, { dueAt: { lte: now } }] },
          { status: "failed", followUntil: { not: null } },
        ],
      },
      orderBy: { createdAt: "asc" },
      take,
    }),
    client.refund.findMany({
      where: { ...merchant, environment: "live", OR: [{ status: "pending" }, { status: "failed", source: "merchant", followUntil: { not: null } }] },
      orderBy: { createdAt: "asc" },
      take,
    }),
    client.refund.findMany({ where: { ...merchant, source: "refund_due", status: "failed" }, orderBy: { createdAt: "asc" }, take }),
  ]);
  const standingDue = new Set(
    (await client.refund.findMany({ where: { depositId: { in: failedDue.map((r) => r.depositId) }, source: "refund_due", status: { not: "failed" } }, select: { depositId: true } })).map((r) => r.depositId),
  );

  const rows: OpenOutcome[] = [
    ...deposits.map((d) => ({
      kind: "deposit" as const,
      reference: d.validatedReference ?? d.reference,
      merchantId: d.merchantId,
      environment: d.environment,
      gatewayName: d.gatewayName,
      amount: toMajor(d.amountMinor + d.feesMinor, d.currency),
      currency: d.currency,
      status: d.status,
      state: depositState(d, now),
      createdAt: d.createdAt,
      ageSeconds: age(d.createdAt),
      operatorAnswer: d.operatorAnswer,
      operatorCheckedAt: d.operatorCheckedAt,
      nextCheckAt: d.heldReason || (d.followUntil && d.followUntil <= now) ? null : d.nextCheckAt,
      heldReason: d.heldReason,
      operatorFigures: d.heldReason ? `${d.operatorAmountMinor === null ? "?" : toMajor(d.operatorAmountMinor, d.operatorCurrency ?? d.currency)} ${d.operatorCurrency ?? d.currency}` : null,
    })),
    ...transfers.map((t) => ({
      kind: "transfer" as const,
      reference: t.reference,
      merchantId: t.merchantId,
      environment: t.environment,
      gatewayName: t.gatewayName,
      amount: toMajor(t.amountMinor, t.currency),
      currency: t.currency,
      status: t.status,
      state: transferState(t),
      createdAt: t.createdAt,
      ageSeconds: age(t.createdAt),
      operatorAnswer: t.operatorAnswer,
      operatorCheckedAt: t.operatorCheckedAt,
      nextCheckAt: t.handedOverAt ? null : t.dueAt,
      heldReason: null,
      operatorFigures: null,
    })),
    ...[...refunds, ...latestPerDeposit(failedDue).filter((r) => !standingDue.has(r.depositId))].map((r) => ({
      kind: "refund" as const,
      reference: r.reference,
      merchantId: r.merchantId,
      environment: r.environment,
      gatewayName: r.gatewayName,
      amount: toMajor(r.amountMinor, r.currency),
      currency: r.currency,
      status: r.status,
      state: refundState(r),
      createdAt: r.createdAt,
      ageSeconds: age(r.createdAt),
      operatorAnswer: r.status === "failed" && !r.followUntil ? r.failureReason : r.operatorAnswer,
      operatorCheckedAt: r.operatorCheckedAt,
      nextCheckAt: r.dueAt,
      heldReason: null,
      operatorFigures: null,
    })),
  ];
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

function depositState(d: Deposit, now: Date): OpenState {
  if (d.heldReason) return "held";
  if (d.followUntil && d.followUntil <= now) return "unresolved";
  return d.status === "pending" ? "pending_at_operator" : "ended_here_open_there";
}

function transferState(t: Transfer): OpenState {
  if (t.status === "failed") return "released_followed";
  if (t.handedOverAt) return "awaiting_support";
  return t.unresolvedAt ? "unresolved" : "pending_at_operator";
}

function refundState(r: Refund): OpenState {
  if (r.status === "failed") return r.source === "merchant" ? "released_followed" : "refund_failed";
  if (r.method === "manual") return "awaiting_support";
  return r.unresolvedAt ? "unresolved" : "pending_at_operator";
}

/** One failed refund due per debt, its latest try: support sends it again once, whatever tries failed before. */
function latestPerDeposit(refunds: Refund[]): Refund[] {
  const latest = new Map<string, Refund>();
  for (const refund of refunds) {
    const kept = latest.get(refund.depositId);
    if (!kept || kept.createdAt < refund.createdAt) latest.set(refund.depositId, refund);
  }
  return [...latest.values()];
}
