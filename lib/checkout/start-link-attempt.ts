import type { DbClient } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/in-transaction";
import { pathPrefix, type Environment } from "@/lib/domain/environment";
import { effectiveLinkStatus } from "@/lib/domain/link-status";
import { toMajor } from "@/lib/domain/money";
import { createDeposit } from "@/lib/deposits/create-deposit";
import { transitionDeposit } from "@/lib/deposits/transition-deposit";
import { ApiError } from "@/lib/errors/api-error";
import { lockPaymentLink } from "@/lib/links/lock-payment-link";
import { checkoutGateways, gatewayServesCountry } from "./checkout-gateways";
import { getCheckoutLinkOrThrow } from "./get-checkout-link";

type Options = {
  reference: string;
  environment: Environment;
  gatewayName: string;
  country: string;
  customerPhone: string;
  origin: string;
  now?: Date;
};

const linkClosed = (status: string) =>
  new ApiError(40020, { details: `This payment link is ${status} and accepts no new payment` });

/**
 * The customer starts paying a link: a deposit attempt tied to it, through the same deposit code
 * and gateway adapters as the API. One attempt is live at a time: a new one supersedes (expires)
 * the previous, under the link's row lock, so two attempts can never both complete the link.
 */
export async function startLinkAttempt(client: DbClient, options: Options) {
  const now = options.now ?? new Date();
  const link = await getCheckoutLinkOrThrow(client, options.reference, options.environment);
  if (effectiveLinkStatus(link, now) !== "pending") throw linkClosed(effectiveLinkStatus(link, now));

  const countries = await checkoutGateways(client, link);
  if (!gatewayServesCountry(countries, options.gatewayName, options.country)) {
    throw new ApiError(40012, { details: `${options.gatewayName} cannot take this payment in ${options.country}` });
  }
  const type = countries.flatMap((c) => c.gateways).find((g) => g.name === options.gatewayName)?.type;

  return inTransaction(client, async (tx) => {
    await lockPaymentLink(tx, link.id);
    const fresh = await tx.paymentLink.findUniqueOrThrow({ where: { id: link.id } });
    if (effectiveLinkStatus(fresh, now) !== "pending") throw linkClosed(effectiveLinkStatus(fresh, now));

    const live = await tx.deposit.findMany({ where: { paymentLinkId: link.id, status: "pending" }, select: { id: true } });
    for (const previous of live) await transitionDeposit(tx, { id: previous.id, to: "expired", at: now });

    return createDeposit(tx, {
      merchantId: link.merchantId,
      environment: options.environment,
      endpoint: type === "OTP" ? "otp" : "classic",
      origin: options.origin,
      now,
      paymentLink: { id: link.id, expiresAt: link.expiresAt },
      input: {
        amount: toMajor(link.amountMinor, link.currency),
        currency: link.currency,
        customerPhone: options.customerPhone,
        country: options.country,
        gatewayName: options.gatewayName,
        customerEmail: link.customerEmail ?? undefined,
        customerName: link.customerName ?? undefined,
        // After a REDIRECT operator page the customer comes back to this checkout.
        returnUrl: `${options.origin}${pathPrefix(options.environment)}/pay/${link.reference}`,
      },
    });
  });
}
