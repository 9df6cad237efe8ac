import { isUniqueViolation } from "@/lib/core/db/unique-violation";
import { DomainError } from "@/lib/core/errors/domain-error";

/**
 * Runs a write that sets a page's slug; another page holding it (the unique index, which decides
 * between two merchants claiming one slug at the same instant) becomes 409/40020 naming the field.
 * The page's other unique keys are made here (id, reference), so a duplicate can only be the slug.
 */
export async function claimingSlug<T>(slug: string | null | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (slug && isUniqueViolation(error)) {
      throw new DomainError("conflict", { field: "slug", rule: "slug_taken", details: `slug "${slug}" is already the address of another payment page: choose another` });
    }
    throw error;
  }
}
