import type { Deposit } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { mtnMomoCallbackHint } from "@/lib/integrations/gateways/mtn-momo/mtn-momo-callback";
import type { OperatorName } from "@/lib/integrations/gateways/operators/operator-errors";
import { OPERATOR_GATEWAYS } from "@/lib/integrations/gateways/operators/operator-gateways";
import { errorFields, log } from "@/lib/core/logging/log";
import { readOrangeCallback } from "@/lib/integrations/gateways/orange-money/orange-money-callback";
import { readOrangeMoneyCallbackConfig } from "@/lib/integrations/gateways/orange-money/orange-money-config";
import { readWaveConfig } from "@/lib/integrations/gateways/wave/wave-config";
import { readWaveEvent, type WaveEventHeaders } from "@/lib/integrations/gateways/wave/wave-events";
import { applyGatewayOutcome, followEndedDeposit, syncDepositWithGateway } from "./sync-deposit-with-gateway";

// An operator's callback at /api/operators/{operator}/callback. MTN's is unsigned and can be sent
// by anyone: it never changes a deposit by what it says, it only makes us read the status of the
// live deposit it names, by our own X-Reference-Id (syncDepositWithGateway). A duplicate or
// out-of-order callback finds the deposit settled, or reads the same status again: nothing changes.
// Wave's events are authenticated (Wave-Signature, or the shared secret as a Bearer token): an
// authenticated event is applied, but only when its session is the deposit's own (id,
// client_reference) for exactly what the customer was to pay.
// Orange's merchant callback is authenticated (the registered apiKey, and its signature when
// Sonatel issued an endpoint secret) but, like MTN's, only a hint: we read the status it names.

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
  if (options.operator === "wave") {
    const headers = { signature: options.headers?.get("wave-signature"), authorization: options.headers?.get("authorization") };
    return receiveWaveEvent(client, headers, options.bodyText, now);
  }
  if (options.operator === "orange-money") return receiveOrangeCallback(client, options.headers ?? new Headers(), options.bodyText, now);
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
    where: { reference, environment: "live", status: { in: ["pending", "expired", "failed"] }, gatewayName: { in: [...OPERATOR_GATEWAYS[options.operator]] } },
  });
  if (!deposit?.operatorRequestId) {
    log("info", "operator callback for no open live deposit", { operator: options.operator, reference });
    return { read: null };
  }
  return readStatusNow(client, deposit, now);
}

/**
 * A Wave event, once authenticated by the webhook's strategy and matched with its deposit, is
 * applied as the session's outcome (applyGatewayOutcome): checkout.session.completed credits the
 * deposit, even after our expiry (a late success, credited once); payment_failed on a session
 * still open is a failed try, noted on the deposit, which stays payable. A repeated event finds
 * the deposit settled, or notes the same try again: nothing changes twice.
 */
async function receiveWaveEvent(client: DbClient, headers: WaveEventHeaders, bodyText: string, now: Date): Promise<{ read: null; refused?: string }> {
  const config = readWaveConfig();
  const result = readWaveEvent(headers, bodyText, { strategy: config?.webhookStrategy ?? "signing_secret", secret: config?.webhookSecret ?? null }, { now });
  if (!result.ok) {
    log("warn", "wave event refused", { reason: result.reason, strategy: config?.webhookStrategy });
    return { read: null, refused: result.reason };
  }
  if (!result.event) return { read: null };
  const { session } = result.event;
  const deposit = session.clientReference
    ? await client.deposit.findFirst({
        where: {
          reference: session.clientReference,
          environment: "live",
          // An event after our expiry or a failure may bring a late success, recorded by applyGatewayOutcome.
          status: { in: ["pending", "expired", "failed"] },
          gatewayName: { in: [...OPERATOR_GATEWAYS.wave] },
        },
      })
    : null;
  if (!deposit) {
    log("info", "wave event for no pending or ended live deposit", { event: result.event.id, reference: session.clientReference });
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
  await applyGatewayOutcome(client, deposit, session.outcome, now);
  return { read: null };
}

/**
 * Orange's notification of a transaction: once authenticated, the live Orange deposit it names
 * (by our reference, else Orange's transactionId) is read at Orange now, whatever the body says.
 * An unknown reference is answered 2xx too: Orange takes any 4xx as final.
 */
async function receiveOrangeCallback(client: DbClient, headers: Headers, bodyText: string, now: Date): Promise<{ read: Promise<void> | null; refused?: string }> {
  const callback = readOrangeCallback(headers, bodyText, readOrangeMoneyCallbackConfig(), now);
  if (!callback.ok) {
    log("warn", "orange-money callback refused", { reason: callback.reason });
    return { read: null, refused: callback.reason };
  }
  const { reference, transactionId, idempotencyKey } = callback;
  const names = [...(reference ? [{ reference }] : []), ...(transactionId ? [{ operatorReference: transactionId }] : [])];
  // Only an invoice whose code went to Orange (confirmedAt) has a payment there to read.
  const deposit = names.length
    ? await client.deposit.findFirst({
        where: {
          OR: names,
          environment: "live",
          status: { in: ["pending", "expired", "failed"] },
          confirmedAt: { not: null },
          gatewayName: { in: [...OPERATOR_GATEWAYS["orange-money"]] },
        },
      })
    : null;
  if (!deposit) {
    log("info", "orange-money callback for no open live deposit", { reference, transactionId, idempotencyKey });
    return { read: null };
  }
  return readStatusNow(client, deposit, now);
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
