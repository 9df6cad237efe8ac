import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { checkPageSlug } from "@/lib/core/domain/page-slug";
import { DomainError } from "@/lib/core/errors/domain-error";
import { getPageOrThrow } from "./get-page-or-throw";
import { claimingSlug } from "./page-slug-taken";

type Options = { reference: string; merchantId: string; environment: Environment; slug: string };

/**
 * Gives one of the merchant's pages a short address, changes it, or removes it (an empty slug).
 * The old slug is free for anyone at once: a poster printed with it stops opening this page (the
 * QR code, which holds the reference's address, keeps working). Whatever the page's status.
 */
export async function setPageSlug(client: DbClient, { slug: typed, ...scope }: Options) {
  const page = await getPageOrThrow(client, scope);
  let slug: string | null = null;
  if (typed.trim() !== "") {
    const check = checkPageSlug(typed);
    if (!check.ok) throw new DomainError("invalid", { field: "slug", rule: check.rule, details: `slug ${check.message}` });
    slug = check.slug;
  }
  if (slug === page.slug) return page;
  return claimingSlug(slug, () => client.paymentPage.update({ where: { id: page.id }, data: { slug } }));
}
