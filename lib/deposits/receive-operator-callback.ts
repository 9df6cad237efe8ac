import type { DbClient } from "@/lib/db/client";
import { mtnMomoCallbackHint } from "@/lib/gateways/mtn-momo/mtn-momo-callback";
import type { OperatorName } from "@/lib/gateways/operators/operator-errors";
import { OPERATOR_GATEWAYS } from "@/lib/gateways/operators/operator-gateways";
import { errorFields, log } from "@/lib/logging/log";
import { gatewayOutcome } from "@/lib/gateways/operators/gateway-outcome";
import { readWaveConfig } from "@/lib/gateways/wave/wave-config";
import { readWaveEvent } from "@/lib/gateways/wave/wave-events";
import { applyGatewayOutcome, recheckExpiredDeposit, syncDepositWithGateway } from "./sync-deposit-with-gateway";

// An operator's callback at /api/operators/{operator}/callback. MTN's is unsigned and can be sent
// by anyone: it never changes a deposit by what it says, it only makes us read the status of the
// live deposit it names, by our own X-Reference-Id (syncDepositWithGateway). A duplicate or
// out-of-order callback finds the deposit settled, or reads the same status again: nothing changes.
// Wave's events are signed (Wave-Signature): a verified event is applied, but only when its
// session is the deposit's own (id, client_reference) for exactly what the customer was to pay.

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Handles one callback. Returns at once with `read`, the status read it started (or null): the
 * operator gets its 200 without waiting for us to ask it back. The deposit is first marked due for
 * a check now, so the sweep reads it even if this process dies before `read` ends.
 */
export async function receiveOperatorCallback(
  client: DbClient,
  options: { operator: OperatorName; url: URL; bodyText: string; headers?: Headers; now?: Date },
): Promise<{ read: Promise<void> | null; refused?: string }> {
  const now = options.now ?? new Date();
  if (options.operator === "wave") return receiveWaveEvent(client, options.headers?.get("wave-signature") ?? null, options.bodyText, now);
  if (options.operator !== "mtn-momo") {
    log("info", "operator callback ignored: not wired for this operator", { operator: options.operator });
    return { read: null };
  }
  const hint = mtnMomoCallbackHint(options.url, parseJson(options.bodyText));
  const reference = hint?.reference ?? hint?.externalId;
  if (!reference) {
    log("info", "operator callback ignored: names no payment", { operator: options.operator });
    return { read: null };
  }
  const deposit = await client.deposit.findFirst({
    where: { reference, environment: "live", status: { in: ["pending", "expired"] }, gatewayName: { in: [...OPERATOR_GATEWAYS[options.operator]] } },
  });
  if (!deposit?.operatorRequestId) {
    log("info", "operator callback for no pending or expired live deposit", { operator: options.operator, reference });
    return { read: null };
  }
  // A callback after our expiry may bring a late success: it is read too, never ignored.
  if (deposit.status === "pending") await client.deposit.updateMany({ where: { id: deposit.id, status: "pending" }, data: { nextCheckAt: now } });
  const settle = deposit.status === "expired" ? recheckExpiredDeposit(client, deposit, now) : syncDepositWithGateway(client, { ...deposit, nextCheckAt: now });
  const read = settle.then(
    () => undefined,
    (error: unknown) => log("error", "status read after an operator callback failed", { reference, ...errorFields(error) }),
  );
  return { read };
}

async function receiveWaveEvent(client: DbClient, signature: string | null, bodyText: string, now: Date): Promise<{ read: null; refused?: string }> {
  const result = readWaveEvent(signature, bodyText, readWaveConfig()?.webhookSecret ?? null, { now });
  if (!result.ok) {
    log("warn", "wave event refused", { reason: result.reason });
    return { read: null, refused: result.reason };
  }
  if (!result.event) return { read: null };
  const { session } = result.event;
  const deposit = session.clientReference
    ? await client.deposit.findFirst({
        where: {
          reference: session.clientReference,
          environment: "live",
          // An event after our expiry may bring a late success, recorded by applyGatewayOutcome.
          status: { in: ["pending", "expired"] },
          gatewayName: { in: [...OPERATOR_GATEWAYS.wave] },
        },
      })
    : null;
  if (!deposit) {
    log("info", "wave event for no pending or expired live deposit", { event: result.event.id, reference: session.clientReference });
    return { read: null };
  }
  const mismatch =
    session.id !== deposit.operatorRequestId ||
    session.amountMinor !== deposit.amountMinor + deposit.feesMinor ||
    session.currency !== deposit.currency;
  if (mismatch) {
    log("warn", "wave event ignored: its session does not match the deposit", {
      event: result.event.id,
      reference: deposit.reference,
      session: session.id,
      amount: session.amountMinor?.toString(),
      currency: session.currency,
    });
    return { read: null };
  }
  const outcome = gatewayOutcome(session.status);
  // A repeated event finds the deposit settled: the transition is conditional, nothing changes.
  if (outcome.status !== "pending") await applyGatewayOutcome(client, deposit, outcome, now);
  return { read: null };
}
