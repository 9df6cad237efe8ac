import { Prisma } from "@prisma/client";
import { ulid } from "@/lib/domain/ulid";
import { directSql, type DbClient } from "@/lib/db/client";
import { DEPOSIT_LIFETIME_MS, INVOICE_LIFETIME_MS } from "@/lib/domain/deposit-status";
import type { Environment } from "@/lib/domain/environment";
import { computeFeesMinor } from "@/lib/domain/fees";
import { toMinor } from "@/lib/domain/money";
import { newReference } from "@/lib/domain/references";
import { gatewayAdapter, type DepositForGateway } from "@/lib/gateways/adapter";
import { sendJobEvent } from "@/lib/inngest/send-job-event";
import { ApiError } from "@/lib/errors/api-error";
import type { DepositRequest } from "@/lib/schemas/deposit";
import { insertDeposit, type NewDeposit } from "./deposit-sql";
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
export async function createDeposit(
  client: DbClient,
  { merchantId, environment, input, endpoint, origin, now = new Date(), paymentLink }: Options,
) {
  const { gateway, fees } = await resolveDepositGateway(client, { merchantId, endpoint, ...input });
  const adapter = gatewayAdapter(gateway.name, environment);
  if (!adapter) {
    throw new ApiError(50200, {
      details: `Gateway ${gateway.name} is not available in production yet; no deposit was created`,
    });
  }

  const amountMinor = toMinor(input.amount, input.currency);
  if (amountMinor === null) throw new Error("amount was validated against its currency");
  const feesMinor = computeFeesMinor(amountMinor, input.currency, fees);
  const reference = newReference(endpoint === "otp" ? "invoice" : "deposit", environment);
  const lifetime = endpoint === "otp" ? INVOICE_LIFETIME_MS : DEPOSIT_LIFETIME_MS;
  const expiresAt = new Date(Math.min(now.getTime() + lifetime, paymentLink?.expiresAt.getTime() ?? Infinity));

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
  };
  const started =
    endpoint === "otp"
      ? { otpHash: (await adapter.sendOtp(forGateway)).otpHash, otpExpiresAt: expiresAt }
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
    ...started,
  };
  // Outside a transaction (no Idempotency-Key, not a checkout attempt) the insert skips Prisma.
  const sql = directSql(client);
  const deposit = sql
    ? await insertDeposit(sql, data)
    : await client.deposit.create({ data: { ...data, metadata: data.metadata ?? Prisma.DbNull } });
  // With Inngest, a function sleeps until expiresAt; without, the embedded runner finds it due.
  sendJobEvent({ name: "deposit/created", data: { depositId: deposit.id, expiresAt: deposit.expiresAt.toISOString() } });
  return deposit;
}
