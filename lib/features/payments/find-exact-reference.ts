import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";

// LINK_, DEP_, DEP_INV_, DEP_VALID_, TRF_ and RFD_ references, TEST_ for the sandbox, then a ULID.
const REFERENCE = /^(LINK|DEP_INV|DEP_VALID|DEP|TRF|RFD)_(TEST_)?[0-9A-HJKMNP-TV-Z]{26}$/;

/**
 * The support page of the payment, transfer or refund a search names exactly by its reference, or null
 * (then the search lists what it finds). The reference's own TEST_ marker says which environment
 * it belongs to, and the search's environment filter, when set, must agree: a live search never
 * opens a sandbox row.
 */
export async function findExactReference(client: DbClient, query: string, environment?: Environment): Promise<string | null> {
  const reference = query.trim().toUpperCase();
  const match = REFERENCE.exec(reference);
  if (!match) return null;
  const [, kind, test] = match;
  const own: Environment = test ? "sandbox" : "live";
  if (environment && environment !== own) return null;
  const where = { environment: own };
  if (kind === "LINK") {
    const link = await client.paymentLink.findFirst({ where: { reference, ...where }, select: { reference: true } });
    return link ? `/admin/payments/${link.reference}` : null;
  }
  if (kind === "TRF") {
    const transfer = await client.transfer.findFirst({ where: { reference, ...where }, select: { reference: true } });
    return transfer ? `/admin/transfers/${transfer.reference}` : null;
  }
  if (kind === "RFD") {
    const refund = await client.refund.findFirst({ where: { reference, ...where }, select: { reference: true } });
    return refund ? `/admin/refunds/${refund.reference}` : null;
  }
  const deposit = await client.deposit.findFirst({
    where: { ...(kind === "DEP_VALID" ? { validatedReference: reference } : { reference }), ...where },
    select: { id: true },
  });
  return deposit ? `/admin/payments/${reference}` : null;
}
