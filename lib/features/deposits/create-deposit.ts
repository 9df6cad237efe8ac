import type { Deposit } from "@prisma/client";
import { ulid } from "@/lib/core/domain/ulid";
import type { DbClient } from "@/lib/core/db/client";
import { writePrepared, type PreparedRow } from "@/lib/core/db/prepared-row";
import { DEPOSIT_LIFETIME_MS, INVOICE_LIFETIME_MS } from "@/lib/core/domain/deposit-status";
import type { Environment } from "@/lib/core/domain/environment";
import { publicBaseUrl } from "@/lib/core/domain/public-base-url";
import { computeFeesMinor } from "@/lib/core/domain/fees";
import { toMinor } from "@/lib/core/domain/money";
import { newReference } from "@/lib/core/domain/references";
import { followUntil, nextOperatorCheck } from "@/lib/core/domain/operator-polling";
import type { DepositForGateway, GatewayAdapter } from "@/lib/integrations/gateways/adapter";
import { depositAdapter } from "@/lib/integrations/gateways/gateway-adapter";
import { liveOperator } from "@/lib/integrations/gateways/live-adapters";
import { announcedDepositStates } from "@/lib/integrations/gateways/operators/announced-states";
import { operatorOutcome, providerClosed } from "@/lib/integrations/gateways/operators/operator-outcome";
import { OperatorError, OperatorUnknownOutcomeError, paymentMaybeSent } from "@/lib/integrations/gateways/operators/operator-errors";
import { errorFields, log } from "@/lib/core/logging/log";
import { sendJobTrigger } from "@/lib/integrations/inngest/send-job-trigger";
import { DomainError } from "@/lib/core/errors/domain-error";
import type { DepositRequest } from "@/lib/core/schemas/deposit";
import { activeTraceparent } from "@/lib/core/tracing/tracing";
import { depositInsert, newDepositRow, type NewDeposit } from "./deposit-sql";
import { resolveDepositGateway, type DepositEndpoint } from "./resolve-deposit-gateway";

type Options = {
  merchantId: string;
  environment: Environment;
  input: DepositRequest;
  endpoint: DepositEndpoint;
  origin: string;
  now?: Date;
  /** Checkout attempts: the link being paid; the attempt never outlives it. */
  /** A checkout attempt: its link, and the hash of the checkout session token that started it. */
  paymentLink?: { id: string; expiresAt: Date; checkoutTokenHash?: string | null };
};

/**
 * Starts a deposit: single-step (DIRECT push or REDIRECT page) or an OTP invoice. The gateway's
 * adapter is asked first, so a gateway that cannot take the deposit leaves nothing written.
 */
export async function createDeposit(client: DbClient, options: Options) {
  const { deposit, sendToOperator } = await writeDeposit(client, options);
  return sendToOperator ? sendToOperator(client) : deposit;
}

/**
 * The first half of createDeposit: the deposit written (sandbox: already answered; live: with its
 * operator request id, not yet sent). `sendToOperator` is the second half, for a live operator:
 * the caller may commit the write first, so the operator call (up to OPERATOR_TIMEOUT_MS per call)
 * holds no transaction or row lock, and a callback arriving meanwhile finds the deposit. It
 * deletes the deposit when the operator surely did not take it (then throws 502/503).
 */
export async function writeDeposit(client: DbClient, options: Options): Promise<{ deposit: Deposit; sendToOperator?: (client: DbClient) => Promise<Deposit> }> {
  const deposit = await writePrepared(client, await prepareDeposit(client, options));
  if (!deposit.operatorRequestId) return { deposit };
  return { deposit, sendToOperator: (sender) => sendWrittenDeposit(sender, deposit, { origin: options.origin }) };
}

/**
 * writeDeposit before anything is written: the deposit's row, its INSERT and what follows the
 * write, so that the API can write it with its Idempotency-Key's claim in one statement
 * (runIdempotentPhases). Reads the gateway and the merchant's fees in `client`; the sandbox is asked first.
 */
export async function prepareDeposit(
  client: DbClient,
  { merchantId, environment, input, endpoint, origin, now = new Date(), paymentLink }: Options,
): Promise<PreparedRow<Deposit>> {
  const { gateway, fees } = await resolveDepositGateway(client, { merchantId, endpoint, ...input });
  // A live deposit stays with the operator serving its gateway now, should the gateway move later.
  const operator = environment === "live" ? liveOperator(gateway.name) : null;
  const adapter = depositAdapter({ gatewayName: gateway.name, environment, operator });
  if (!adapter) {
    throw new DomainError("operator_failed", {
      details: `Gateway ${gateway.name} is not available in production yet; no deposit was created`,
    });
  }
  // A provider its operator announces CLOSED rejects every request (pawaPay: "all requests are
  // being rejected"): refused before anything is written or sent, as an open circuit is. The
  // operator's last answer, as kept (announced-states.ts): never waited for.
  if (environment === "live" && (await announcedDepositStates()).get(gateway.name) === "closed") {
    throw providerClosed(`${gateway.name} is closed for payments at its operator right now; no deposit was created`);
  }

  const amountMinor = toMinor(input.amount, input.currency);
  if (amountMinor === null) throw new Error("amount was validated against its currency");
  const feesMinor = computeFeesMinor(amountMinor, input.currency, fees);
  const reference = newReference(endpoint === "otp" ? "invoice" : "deposit", environment);
  const lifetime = endpoint === "otp" ? INVOICE_LIFETIME_MS : DEPOSIT_LIFETIME_MS;
  const expiresAt = new Date(Math.min(now.getTime() + lifetime, paymentLink?.expiresAt.getTime() ?? Infinity));

  // A live operator's request id is chosen now and written with the deposit before the call.
  const operatorRequestId = endpoint === "otp" ? null : (adapter.newRequestId?.({ reference } as DepositForGateway) ?? null);
  const forGateway: DepositForGateway = {
    reference,
    environment,
    paymentType: gateway.type,
    gatewayName: gateway.name,
    amountMinor,
    feesMinor,
    currency: input.currency,
    customerPhone: input.customerPhone,
    createdAt: now,
    otpHash: null,
    operatorRequestId,
    returnUrl: input.returnUrl ?? null,
  };
  // The sandbox answers at once and cannot fail halfway: ask it first, then write. A live
  // operator is asked after the write (below).
  const started =
    endpoint === "otp"
      ? { otpHash: (await adapter.sendOtp(forGateway)).otpHash, otpExpiresAt: expiresAt }
      : operatorRequestId
        ? {}
        : { redirectUrl: (await adapter.initiate(forGateway, { origin })).redirectUrl ?? null };

  const data: NewDeposit = {
    id: `dep_${ulid()}`,
    reference,
    merchantId,
    environment,
    flow: endpoint,
    paymentType: gateway.type,
    gatewayName: gateway.name,
    amountMinor,
    feesMinor,
    currency: input.currency,
    country: input.country,
    customerPhone: input.customerPhone,
    customerEmail: input.customerEmail ?? null,
    customerName: input.customerName ?? null,
    callbackUrl: input.callbackUrl ?? null,
    returnUrl: input.returnUrl ?? null,
    metadata: input.metadata ?? null,
    createdAt: now,
    expiresAt,
    paymentLinkId: paymentLink?.id ?? null,
    checkoutTokenHash: paymentLink?.checkoutTokenHash ?? null,
    redirectUrl: null,
    otpHash: null,
    otpExpiresAt: null,
    operatorRequestId,
    operatorReference: null,
    operator,
    nextCheckAt: operatorRequestId ? nextOperatorCheck(now, now) : null,
    // An OTP invoice is followed from the moment its code goes to the operator (confirm-deposit.ts).
    followUntil: operatorRequestId ? followUntil(now) : null,
    // The request that creates it (with tracing on): its webhooks carry that trace.
    traceparent: activeTraceparent(),
    ...started,
  };
  const deposit = newDepositRow(data);
  // A live operator's deposit is announced once it was sent (sendWrittenDeposit).
  return {
    row: deposit,
    insert: depositInsert(data),
    written: () => {
      if (!operatorRequestId) announced(deposit);
    },
  };
}

/**
 * The second phase of a live deposit, once its row is committed, outside any transaction: the
 * operator's call (initiateLiveDeposit). `resumed`: a retry with the same Idempotency-Key of a
 * request that stopped after writing it. The first request may or may not have reached the
 * operator, so the call is made again only through the operator's own deduplication (MTN's
 * X-Reference-Id answers 409 for a request it has; a Wave session is looked for by our reference
 * first), and no refusal deletes the deposit: the status reads decide it, as for any unknown outcome.
 */
export async function sendWrittenDeposit(client: DbClient, deposit: Deposit, options: { origin: string; resumed?: boolean }): Promise<Deposit> {
  const adapter = deposit.environment === "live" && deposit.operatorRequestId && deposit.flow === "classic" ? depositAdapter(deposit) : null;
  if (!adapter) return deposit;
  // The operator calls us back (MTN's X-Callback-Url) and sends the customer back (Wave's
  // success_url) at our public address, never at the host a proxy forwarded the request to.
  const origin = publicBaseUrl(options.origin);
  if (!options.resumed) return announced(await initiateLiveDeposit(client, adapter, deposit, deposit, origin));
  if (deposit.status !== "pending" || deposit.redirectUrl) return deposit;
  try {
    const { redirectUrl, operatorRequestId } = await adapter.initiate(deposit, { origin, resumed: true });
    if (redirectUrl || operatorRequestId) return announced(await client.deposit.update({ where: { id: deposit.id }, data: { redirectUrl, operatorRequestId } }));
  } catch (error) {
    log("warn", "live deposit resumed: its operator call did not settle it, the status reads will", { reference: deposit.reference, ...errorFields(error) });
  }
  return announced(deposit);
}

/** With Inngest, a function sleeps until expiresAt; without, the embedded runner finds it due. */
function announced(deposit: Deposit) {
  sendJobTrigger({ name: "deposit/created", data: { depositId: deposit.id, expiresAt: deposit.expiresAt.toISOString() } });
  return deposit;
}

/**
 * Calls the live operator for a deposit already written with its request id. Never a half-written
 * record: when the operator surely did not take the payment (not sent, refused, circuit open) the
 * row is deleted and the merchant gets 502/503 with nothing created; when the outcome is unknown
 * (a timeout after sending) the deposit stays pending with its request id, and the status read
 * (callback, polling, the last read before expiry) settles it.
 */
async function initiateLiveDeposit(client: DbClient, adapter: GatewayAdapter, deposit: Deposit, forGateway: DepositForGateway, origin: string) {
  try {
    const { redirectUrl, operatorRequestId } = await adapter.initiate(forGateway, { origin });
    if (!redirectUrl && !operatorRequestId) return deposit;
    return client.deposit.update({ where: { id: deposit.id }, data: { redirectUrl, operatorRequestId } });
  } catch (error) {
    // A REDIRECT deposit whose operator page we never got cannot be paid by anyone: not kept.
    if (error instanceof OperatorUnknownOutcomeError && paymentMaybeSent(error) && deposit.paymentType !== "REDIRECT") {
      log("warn", "live deposit sent with an unknown outcome: kept pending for a status read", {
        reference: deposit.reference,
        operator: error.operator,
        reason: error.reason,
      });
      return deposit;
    }
    await client.deposit.delete({ where: { id: deposit.id } });
    if (error instanceof OperatorError) throw operatorOutcome(error, "no deposit was created");
    throw error;
  }
}
