import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { effectivePageStatus } from "@/lib/core/domain/page-status";
import { slugOfSegment } from "@/lib/core/domain/page-slug";
import { isPlausibleReference } from "@/lib/core/domain/references";
import { pageFullUntil } from "./page-places";
import { pageTotals } from "./page-totals";
import { pageAmountRule } from "./transform-page";

/**
 * What the customer's page (`/p/{reference}`, issue 36 part 2: app/p/[reference]/page.tsx) shows: the business
 * as the checkout shows it, the description, the price or the range (minor units), and the status
 * (only `active` takes a payment), and for an active page whose places are all paid or held by
 * customers paying now, until when (`fullUntil`: the page says so instead of offering "Pay"). Only
 * in the page's own environment; null for anything else, a mangled reference included (the page
 * answers it as not found).
 */
export async function findCustomerPage(client: DbClient, reference: string, environment: Environment, now = new Date()) {
  if (!isPlausibleReference(reference)) return null;
  const page = await client.paymentPage.findUnique({
    where: { reference },
    include: { merchant: { select: { name: true, country: true, logoDataUrl: true, supportPhone: true, supportEmail: true } } },
  });
  if (!page || page.environment !== environment) return null;
  const { paymentsCount } = await pageTotals(client, page.reference);
  const status = effectivePageStatus(page, paymentsCount, now);
  return {
    reference: page.reference,
    environment: page.environment,
    status,
    fullUntil: status === "active" ? await pageFullUntil(client, page, now) : null,
    description: page.description,
    currency: page.currency,
    amountRule: pageAmountRule(page),
    merchant: page.merchant,
  };
}

/**
 * The reference of the payment page of `environment` that a `/p/{segment}` address names, by its
 * reference or its short address (slug, any case), or null: proxy.ts asks before `/p/...` is drawn,
 * so a short address is served as its reference's (the page, its form, its QR code), and an
 * unknown one gets the server-rendered 404 (app/not-found.tsx) rather than a page that throws
 * notFound(), which Next 16 answers with an empty shell that needs JavaScript. A slug of the other
 * environment's page names nothing here, as its reference does not.
 */
export async function resolvePageAddress(client: DbClient, segment: string, environment: Environment): Promise<string | null> {
  const slug = isPlausibleReference(segment) ? null : slugOfSegment(segment);
  if (!slug && !isPlausibleReference(segment)) return null;
  const page = await client.paymentPage.findUnique({ where: slug ? { slug } : { reference: segment }, select: { reference: true, environment: true } });
  return page?.environment === environment ? page.reference : null;
}
