import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { effectivePageStatus } from "@/lib/core/domain/page-status";
import { DomainError } from "@/lib/core/errors/domain-error";
import { getPageOrThrow } from "./get-page-or-throw";
import { pageTotals } from "./page-totals";

type Options = { reference: string; merchantId: string; environment: Environment; now?: Date };

/**
 * Turns a page off (it stops making payment links; links already made stay payable: the customer
 * may be paying) or back on. Both are idempotent: the switch is set, whatever it was. Turning on a
 * page that is expired or exhausted is refused (400/40020): it could take no payment anyway.
 */
export async function switchPaymentPage(client: DbClient, to: "active" | "inactive", options: Options) {
  const page = await getPageOrThrow(client, options);
  if (to === "active") {
    const status = effectivePageStatus(page, (await pageTotals(client, page.reference)).paymentsCount, options.now);
    if (status === "expired" || status === "exhausted") {
      throw new DomainError("refused", { details: `Payment page ${page.reference} is ${status}: it can no longer be activated` });
    }
  }
  return client.paymentPage.update({
    where: { id: page.id },
    data: { status: to, deactivatedAt: to === "inactive" ? (page.deactivatedAt ?? options.now ?? new Date()) : null },
  });
}
