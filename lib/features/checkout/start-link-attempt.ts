import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import type { Environment } from "@/lib/core/domain/environment";
import { effectiveLinkStatus, isLinkPayable } from "@/lib/core/domain/link-status";
import { toMajor } from "@/lib/core/domain/money";
import { writeDeposit } from "@/lib/features/deposits/create-deposit";
import { applyGatewayOutcome } from "@/lib/features/deposits/sync-deposit-with-gateway";
import { depositAdapter } from "@/lib/integrations/gateways/gateway-adapter";
import { errorFields, log } from "@/lib/core/logging/log";
import { DomainError } from "@/lib/core/errors/domain-error";
import { lockPaymentLink } from "@/lib/features/links/lock-payment-link";
import { reopenFailedLink } from "@/lib/features/links/transition-link";
import { paymentUrl } from "@/lib/features/links/payment-url";
import { hashCheckoutToken } from "./checkout-session";
import { checkoutGateways, gatewayServesCountry } from "./checkout-gateways";
import { getCheckoutLinkOrThrow } from "./get-checkout-link";

type Options = {
  reference: string;
  environment: Environment;
  gatewayName: string;
  country: string;
  customerPhone: string;
  origin: string;
  /** The checkout session token the request carries (a new one when it had none). */
  checkoutToken: string;
  now?: Date;
};

/** 409: another checkout's attempt is live; only that checkout may replace it or type its code. */
export const paymentInProgress = () =>
  new DomainError("conflict", {
    rule: "payment_in_progress",
    details: "A payment is in progress for this link: another checkout started it and is waiting for the customer's answer. Try again once it has ended.",
  });

const linkClosed = (status: string) =>
  new DomainError("refused", { rule: "link_closed", details: `This payment link is ${status} and accepts no new payment` });

/**
 * The customer starts paying a link: a deposit attempt tied to it, through the same deposit code
 * and gateway adapters as the API. Each attempt is its own deposit. A link whose last attempt
 * failed is still payable until its expiresAt: a new attempt reopens it (failed -> pending), in
 * the transaction that writes the attempt. Under the link's row lock: while an attempt is live (pending,
 * not past its expiresAt), only the checkout that started it (same session token) may start
 * another, which supersedes it; anyone else gets 409/40020. A superseded attempt stays pending
 * with its operator: an approval of it is still recorded (lib/features/links/settle-link-attempt.ts: the
 * first success pays the link, any other is a refund to make), so no approval is ever ignored.
 */
export async function startLinkAttempt(client: DbClient, options: Options) {
  const now = options.now ?? new Date();
  const link = await getCheckoutLinkOrThrow(client, options.reference, options.environment);
  if (!isLinkPayable(link, now)) throw linkClosed(effectiveLinkStatus(link, now));

  const countries = await checkoutGateways(client, link);
  if (!gatewayServesCountry(countries, options.gatewayName, options.country)) {
    throw new DomainError("invalid", { reason: "gateway", field: "gatewayName", rule: "not_served_by_gateway", details: `${options.gatewayName} cannot take this payment in ${options.country}` });
  }
  const type = countries.flatMap((c) => c.gateways).find((g) => g.name === options.gatewayName)?.type;

  const written = await inTransaction(client, async (tx) => {
    await lockPaymentLink(tx, link.id);
    const fresh = await tx.paymentLink.findUniqueOrThrow({ where: { id: link.id } });
    if (!isLinkPayable(fresh, now)) throw linkClosed(effectiveLinkStatus(fresh, now));
    // A retry after a failed attempt: the link is open again while this attempt runs.
    const reopened = fresh.status === "failed" && (await reopenFailedLink(tx, { id: link.id, at: now }));

    const checkoutTokenHash = hashCheckoutToken(options.checkoutToken);
    const live = await tx.deposit.findMany({
      where: { paymentLinkId: link.id, status: "pending", expiresAt: { gt: now }, supersededAt: null },
      select: { id: true, checkoutTokenHash: true },
    });
    if (live.some((attempt) => attempt.checkoutTokenHash !== checkoutTokenHash)) throw paymentInProgress();
    const superseded = live.map((attempt) => attempt.id);
    if (superseded.length > 0) await tx.deposit.updateMany({ where: { id: { in: superseded } }, data: { supersededAt: now } });

    const deposit = await writeDeposit(tx, {
      merchantId: link.merchantId,
      environment: options.environment,
      endpoint: type === "OTP" ? "otp" : "classic",
      origin: options.origin,
      now,
      paymentLink: { id: link.id, expiresAt: link.expiresAt, checkoutTokenHash },
      input: {
        amount: toMajor(link.amountMinor, link.currency),
        currency: link.currency,
        customerPhone: options.customerPhone,
        country: options.country,
        gatewayName: options.gatewayName,
        customerEmail: link.customerEmail ?? undefined,
        customerName: link.customerName ?? undefined,
        // After a REDIRECT operator page the customer comes back to this checkout, at its public
        // address (PAYMENT_BASE_URL), not at the host a proxy forwarded the request to.
        returnUrl: paymentUrl(link.reference, options.environment, options.origin),
      },
    });
    return { superseded, reopened, ...deposit };
  });
  if (!written.sendToOperator) return written.deposit;

  // A live operator is called once the attempt is committed: its call (up to OPERATOR_TIMEOUT_MS
  // per request) holds neither the link's row lock nor a transaction, which Prisma would end
  // after 5 s and roll back with an attempt the operator had received. Meanwhile the attempt is
  // pending like any live one: another checkout gets 409, an early callback finds it.
  try {
    const attempt = await written.sendToOperator(client);
    // The replaced attempts stop being payable where their operator can close them (a Wave
    // session): in the background, since the customer waits for the new one; at worst they close
    // at their expiry (the reconciliation).
    void Promise.all(written.superseded.map((id) => closeReplacedAttempt(client, id, now)));
    return attempt;
  } catch (error) {
    // The operator surely did not take it (deleted, 502/503): the attempt it replaced is live again.
    if (written.superseded.length > 0) {
      await client.deposit.updateMany({ where: { id: { in: written.superseded }, supersededAt: now }, data: { supersededAt: null } });
    }
    // Nor was the link retried: its last attempt is still the failed one, so it reads failed again.
    if (written.reopened) await refailUntriedLink(client, link.id);
    throw error;
  }
}

/** Back to failed, unless an attempt is live on it meanwhile (another checkout started one). */
async function refailUntriedLink(client: DbClient, linkId: string) {
  await inTransaction(client, async (tx) => {
    await lockPaymentLink(tx, linkId);
    if ((await tx.deposit.count({ where: { paymentLinkId: linkId, status: "pending" } })) > 0) return;
    await tx.paymentLink.updateMany({ where: { id: linkId, status: "pending" }, data: { status: "failed" } });
  });
}

/**
 * A live attempt the customer replaced: closed at its operator where it can be (close()), and
 * whatever the operator then says is recorded (a success before it closed still counts: it pays
 * the link or is a refund due). Errors are only logged: the attempt is followed anyway.
 */
async function closeReplacedAttempt(client: DbClient, id: string, now: Date) {
  try {
    const attempt = await client.deposit.findUnique({ where: { id } });
    const adapter = attempt?.status === "pending" ? depositAdapter(attempt) : null;
    if (!attempt || !adapter?.close) return;
    await applyGatewayOutcome(client, attempt, await adapter.close(attempt, now), now);
  } catch (error) {
    log("warn", "replaced attempt not closed at its operator", { id, ...errorFields(error) });
  }
}
