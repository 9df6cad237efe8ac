import { isPlausibleReference } from "@/lib/core/domain/references";
import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { notFound } from "@/lib/core/errors/domain-error";

/** The link a checkout page or endpoint serves: only in its own environment, with what the checkout shows of its merchant. */
export async function findCheckoutLink(client: DbClient, reference: string, environment: Environment) {
  // A reference typed or mangled in a URL (even "%00", which PostgreSQL cannot store) is simply unknown.
  if (!isPlausibleReference(reference)) return null;
  const link = await client.paymentLink.findUnique({ where: { reference }, include: { merchant: { select: { name: true, country: true, logoDataUrl: true, supportPhone: true, supportEmail: true } } } });
  return link && link.environment === environment ? link : null;
}

/**
 * Whether `reference` names a link of `environment`: proxy.ts asks before the checkout page is
 * drawn, so an unknown one gets the server-rendered 404 (app/not-found.tsx) rather than a page
 * that throws notFound(), which Next 16 answers with an empty shell that needs JavaScript
 * (vercel/next.js#62228).
 */
export async function checkoutLinkExists(client: DbClient, reference: string, environment: Environment) {
  if (!isPlausibleReference(reference)) return false;
  const link = await client.paymentLink.findUnique({ where: { reference }, select: { environment: true } });
  return link?.environment === environment;
}

export async function getCheckoutLinkOrThrow(client: DbClient, reference: string, environment: Environment) {
  const link = await findCheckoutLink(client, reference, environment);
  if (!link) throw notFound("Payment link");
  return link;
}
