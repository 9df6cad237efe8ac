import type { PaymentLink } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import { parseAmountInput } from "@/lib/core/domain/amount-input";
import type { Environment } from "@/lib/core/domain/environment";
import { formatMinorIso, toMajor } from "@/lib/core/domain/money";
import { effectivePageStatus, type PageStatus } from "@/lib/core/domain/page-status";
import { isPlausibleReference } from "@/lib/core/domain/references";
import { DomainError, notFound } from "@/lib/core/errors/domain-error";
import type { LinkCurrency } from "@/lib/core/domain/money";
import type { CreatePaymentLinkInput } from "@/lib/core/schemas/payment-link";
import { createPaymentLink } from "@/lib/features/links/create-payment-link";
import { checkOpenLinkCeilings, spendAddressAllowance } from "./page-link-limits";
import { pageLinkLifetimeSeconds, takePlace } from "./page-places";
import { pageTotals } from "./page-totals";
import { pageAmountRule } from "./transform-page";

// Issue 36, part 2: what "Pay" on a payment page does. The customer's page (app/p/[reference], its form through lib/surfaces/checkout/page-form.ts) calls
// this with what the customer typed; it makes an ordinary payment link of the contract for that one
// customer (paymentPage names the page), and the customer continues on the link's checkout, so
// every state, retry, OTP, webhook and settlement rule is the link's.

/** A page that makes no payment link now, and why: the customer's page says so plainly. */
export class PageClosedError extends DomainError {
  readonly pageStatus: Exclude<PageStatus, "active">;
  constructor(reference: string, pageStatus: Exclude<PageStatus, "active">) {
    super("refused", { details: `Payment page ${reference} is ${pageStatus}: it takes no payment` });
    this.pageStatus = pageStatus;
  }
}

type Options = {
  /** The page's public reference, from its URL. */
  reference: string;
  /** From the path (/test/p/... is the sandbox): a page answers in its own environment only. */
  environment: Environment;
  /** What the customer typed ("2 500", "2.500", "2500"); ignored for a page at a set price. */
  amount?: string;
  /** The client's address (lib/core/request/client-address.ts): each address has an allowance per page. */
  clientAddress: string;
  now?: Date;
};

/**
 * An amount the customer typed that the page cannot take: unreadable (`problem`), or outside the
 * page's range (`out_of_range`); the range in minor units, for the page to say it in the
 * customer's language.
 */
export class PageAmountError extends DomainError {
  constructor(
    readonly problem: "empty" | "not_a_number" | "too_many_decimals" | "out_of_range",
    readonly minMinor: bigint,
    readonly maxMinor: bigint,
    details: string,
  ) {
    super("invalid", { reason: "amount", details });
  }
}

/** The customer's amount in minor units, read as people type it (lib/core/domain/amount-input.ts) and held to the page's range. */
function customerAmount(typed: string | undefined, page: { currency: string; amountMinor: bigint | null; minAmountMinor: bigint | null; maxAmountMinor: bigint | null }): bigint {
  const rule = pageAmountRule(page);
  if (rule.type === "fixed") return rule.amountMinor;
  const parsed = parseAmountInput(typed ?? "", page.currency);
  if (!parsed.ok) {
    const why = { empty: "is required", not_a_number: "must be a number, such as 2 500", too_many_decimals: `has more decimals than ${page.currency} allows` }[parsed.reason];
    throw new PageAmountError(parsed.reason, rule.minMinor, rule.maxMinor, `amount ${why}`);
  }
  if (parsed.minor < rule.minMinor || parsed.minor > rule.maxMinor) {
    const words = (minor: bigint) => formatMinorIso(minor, page.currency);
    throw new PageAmountError("out_of_range", rule.minMinor, rule.maxMinor, `amount must be between ${words(rule.minMinor)} and ${words(rule.maxMinor)}`);
  }
  return parsed.minor;
}

/**
 * Makes the payment link one customer pays a page with. Refused, making nothing: an unknown page
 * or the other environment's (404/40004); past the client address's allowance on this page
 * (429/42900, counted before anything else, refusals included); a page inactive, exhausted or
 * expired (PageClosedError, 400/40020); a capped page whose places are all paid or held
 * (PageFullError, 409/40020 with when to come back); a page or merchant at its ceiling of open
 * links (PageBusyError, 429/42900); an amount unreadable or outside the page's range (400/40010).
 *
 * The page's row is locked while all this is decided and the link made, so customers racing for
 * a page's last place are decided one after the other: a capped page never has more links that
 * can still complete than places (page-places.ts; docs/decisions.md, payment pages).
 */
export async function makePagePaymentLink(client: DbClient, options: Options): Promise<PaymentLink> {
  const now = options.now ?? new Date();
  // A reference mangled in a URL (even "%00", which PostgreSQL cannot store) is simply unknown.
  if (!isPlausibleReference(options.reference)) throw notFound("Payment page");
  const known = await client.paymentPage.findUnique({ where: { reference: options.reference }, select: { environment: true } });
  if (!known || known.environment !== options.environment) throw notFound("Payment page", options.reference);
  await spendAddressAllowance(options.clientAddress, options.reference);
  return inTransaction(client, async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "PaymentPage" WHERE reference = ${options.reference} FOR UPDATE`;
    const page = locked ? await tx.paymentPage.findUnique({ where: { id: locked.id } }) : null;
    if (!page || page.environment !== options.environment) throw notFound("Payment page", options.reference);
    const status = effectivePageStatus(page, (await pageTotals(tx, page.reference)).paymentsCount, now);
    if (status !== "active") throw new PageClosedError(page.reference, status);
    // Full and busy before the amount: a customer is not asked to correct what could not be paid now anyway.
    if (page.maxPayments !== null) await takePlace(tx, { reference: page.reference, maxPayments: page.maxPayments }, now);
    await checkOpenLinkCeilings(tx, page, now);
    const amountMinor = customerAmount(options.amount, page);
    return createPaymentLink(tx, {
      merchantId: page.merchantId,
      environment: page.environment,
      paymentPageReference: page.reference,
      now,
      input: {
        amount: toMajor(amountMinor, page.currency),
        currency: page.currency as LinkCurrency,
        description: page.description,
        // On a capped page the link's life is its place's hold: when the hold lapses the link expires.
        expiresIn: pageLinkLifetimeSeconds(page),
        ...(page.callbackUrl ? { callbackUrl: page.callbackUrl } : {}),
        ...(page.returnUrl ? { returnUrl: page.returnUrl } : {}),
        // Validated by the page's own schema, the link's metadata rule.
        ...(page.metadata ? { metadata: page.metadata as CreatePaymentLinkInput["metadata"] } : {}),
      },
    });
  });
}
