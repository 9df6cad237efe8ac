import type { GatewayOutcome } from "@/lib/integrations/gateways/adapter";
import { decimalToMinor } from "@/lib/integrations/gateways/operators/operator-amounts";
import { objectField, stringField } from "@/lib/integrations/gateways/operators/operator-http";
import { snakeCase, type OperatorPaymentStatus } from "@/lib/integrations/gateways/operators/operator-status";

// MTN's status reads (GET .../requesttopay/{id}, .../transfer/{id}, .../refund/{id}) and its
// callback carry the same object: status PENDING | SUCCESSFUL | FAILED (the only three MTN lists:
// "the result can either be SUCCESSFUL, FAILED, or PENDING", MTN-reasons; momoapi-node's
// TransactionStatus), a reason when FAILED (a
// code string, or an object with a code in some deployments), financialTransactionId when
// SUCCESSFUL, the amount (a decimal string per MTN's schema, a number in its own example, and
// normalised: "5.0" is read back "5") and the currency. It has no time of the outcome.

// MTN failure reasons in our words where the sandbox simulator already uses them.
const REASONS: Record<string, string> = {
  NOT_ENOUGH_FUNDS: "insufficient_funds",
  APPROVAL_REJECTED: "declined_by_customer",
  PAYMENT_NOT_APPROVED: "declined_by_customer",
  TRANSACTION_CANCELED: "declined_by_customer",
  EXPIRED: "expired",
};

/** How to read MTN's figures back: in the currency we asked in, MTN's sandbox EUR undone (mtn-momo-client.ts). */
export type MtnReading = { ourCurrency?: string; sandbox: boolean };

function reasonCode(body: unknown): string | undefined {
  const direct = stringField(body, "reason");
  if (direct) return direct;
  const nested = objectField(body, "reason");
  return nested ? stringField(nested, "code") : undefined;
}

/**
 * What MTN says was paid, in our currency where it is ours: the sandbox's EUR stands for our
 * currency with the same digits. An amount our currency cannot hold ("5150.5" for XOF) is kept
 * in MTN's own currency, so it can never pass for ours.
 */
function reportedFigures(body: unknown, { ourCurrency, sandbox }: MtnReading): { amountMinor: bigint; currency: string } | null {
  const currency = stringField(body, "currency");
  const amount = stringField(body, "amount");
  if (!currency || amount === undefined) return null;
  const mapped = sandbox && currency === "EUR" && ourCurrency ? ourCurrency : currency;
  for (const candidate of new Set([mapped, currency])) {
    const amountMinor = decimalToMinor(amount, candidate);
    if (amountMinor !== null) return { amountMinor, currency: candidate };
  }
  return null;
}

/**
 * MTN's transaction object to our status. Only SUCCESSFUL and FAILED are final; any other status
 * (the sandbox's CREATED, or REJECTED and TIMEOUT, which some integrations read as failures but
 * MTN does not document) is read as still pending, MTN's word kept for support: never a result.
 */
export function mtnMomoStatus(body: unknown, reading: MtnReading = { sandbox: false }): OperatorPaymentStatus {
  const status = stringField(body, "status")?.toUpperCase();
  const reported = reportedFigures(body, reading) ?? {};
  if (status === "SUCCESSFUL") {
    return { state: "succeeded", operatorCode: status, operatorReference: stringField(body, "financialTransactionId"), ...reported };
  }
  if (status === "FAILED") {
    const code = reasonCode(body) ?? status;
    return { state: "failed", operatorCode: code, reason: REASONS[code] ?? snakeCase(code), ...reported };
  }
  return { state: "pending", ...(status ? { operatorCode: status } : {}), ...reported };
}

/**
 * MTN's status in the seam's words, with what MTN says was paid: the core compares it with ours
 * before anything completes. A SUCCESSFUL without figures we can read completes nothing: it stays
 * pending, with MTN's words for support.
 */
export function mtnMomoOutcome(status: OperatorPaymentStatus): GatewayOutcome {
  const reference = status.operatorReference ? { operatorReference: status.operatorReference } : {};
  if (status.state === "succeeded") {
    if (status.amountMinor === undefined || !status.currency) return { status: "pending", said: "SUCCESSFUL without an amount we can read" };
    return { status: "completed", amountMinor: status.amountMinor, currency: status.currency, said: "SUCCESSFUL", ...reference };
  }
  if (status.state === "failed") {
    return { status: "failed", reason: status.reason ?? "operator_failed", said: `FAILED ${status.operatorCode ?? ""}`.trim(), ...reference };
  }
  return { status: "pending", ...(status.operatorCode ? { said: status.operatorCode } : {}) };
}
